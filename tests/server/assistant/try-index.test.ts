import { it } from "vitest";
import { buildIndex, retrieve, toSource } from "@/server/services/assistant/search-index";
it("try", async () => {
  const t0 = performance.now();
  const fr = await buildIndex("fr");
  const en = await buildIndex("en");
  console.log("build ms", performance.now() - t0, fr.size, en.size);
  for (const [idx, q] of [[fr, "délai pour organiser des obsèques"], [fr, "capital décès"], [fr, "rapatrier un corps au Maroc"], [fr, "Quelle est la recette de la tarte tatin ?"], [fr, "Quel temps fera-t-il demain à Paris ?"],
    [en, "deadline to organise a funeral"], [en, "death grant"], [en, "repatriate a body to Morocco"], [en, "how long do I have to arrange a funeral"], [en, "what is the best pizza in Naples"]] as const) {
    const r = retrieve(idx, q, "funeral-assistant");
    console.log(q, r.terms, r.hits.map((h) => [h.passage.url, h.passage.heading, h.score.toFixed(1), h.coverage.toFixed(2), toSource(h, r.terms).extract.slice(0, 120)]));
  }
});
import { analyzeTerm } from "@/server/services/assistant/search-index";
it("stems", () => { console.log(["arrange","arranging","organiser","organisation","organize","rapatrier","rapatriement","repatriate","repatriation","obsèques","décès","délai","délais","funerals","deadline","enterrement","inhumation","corps","Maroc","Morocco","capital","grant"].map((w) => `${w}=${analyzeTerm(w)}`).join(" ")); });
