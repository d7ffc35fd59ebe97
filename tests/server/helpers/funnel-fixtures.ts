/** Lyon has demo partners: a crematorium, two parlours, two graveyards. */
export const LYON_CREMATION = {
  situation: "death-occurred",
  placeOfDeath: "hospital",
  deathCommuneInsee: "69123",
  deathDate: "2026-03-02",
  disposition: "cremation",
  ceremony: { type: "civil", place: "crematorium" },
  finalRestingPlace: "scattering",
  scatteringPlace: "memorial-garden",
  coffinRange: "essential",
} as const;
