import type { DeliveryPlace, FlowerColour, FlowerKind, FlowerSize, FlowerType } from "@/domain/flowers/catalogue";

/**
 * The demonstration arrangements of the flowers catalogue (seeded as products with
 * category "flowers", demo = true). The API always reads them from the database; this
 * table is the seed's source and tells the UI which pictures to draw
 * (public/catalogue/fleurs/<code>.svg) from the type, colours and flowers.
 *
 * Prices are what the family pays (TTC, euros); the seed stores the price excluding VAT
 * (10 %: flowers and horticultural products, CGI art. 278 bis) such that HT + VAT gives
 * back exactly that figure. The first six codes predate the funnel (the funeral quote
 * offers FLE-GERBE, FLE-COUSSIN and FLE-BOUQUET) and keep their historical prices excluding VAT.
 */
export interface DemoArrangement {
  code: string;
  name: string;
  type: FlowerType;
  colours: readonly FlowerColour[];
  flowers: readonly FlowerKind[];
  size: FlowerSize;
  places: readonly DeliveryPlace[];
  /** Price including VAT, in euros (or, for the historical six, `htEuros`). */
  ttcEuros?: number;
  htEuros?: number;
  /** The funeral quote's flower variant this product stands for (null: not offered there). */
  quoteVariant?: "bouquet" | "spray" | "wreath" | "coffin-top" | null;
}

const CEREMONY: readonly DeliveryPlace[] = ["funeral_parlor", "worship", "crematorium", "graveyard"];
const EVERYWHERE: readonly DeliveryPlace[] = ["funeral_parlor", "worship", "crematorium", "graveyard", "home"];
const GRAVE: readonly DeliveryPlace[] = ["graveyard", "funeral_parlor"];
const PLANT: readonly DeliveryPlace[] = ["funeral_parlor", "worship", "graveyard", "home"];

export const DEMO_ARRANGEMENTS = [
  // The historical six (prices excluding VAT kept as they were).
  { code: "FLE-GERBE", name: "Gerbe de fleurs de saison", type: "spray", colours: ["mixed"], flowers: ["rose", "gerbera", "alstroemeria"], size: "medium", places: CEREMONY, htEuros: 95, quoteVariant: "spray" },
  { code: "FLE-COUSSIN", name: "Coussin de roses", type: "cushion", colours: ["pink"], flowers: ["rose"], size: "medium", places: CEREMONY, htEuros: 145, quoteVariant: "wreath" },
  { code: "FLE-COEUR", name: "Cœur de roses rouges", type: "heart", colours: ["red"], flowers: ["rose"], size: "medium", places: CEREMONY, htEuros: 185, quoteVariant: null },
  { code: "FLE-RAQUETTE", name: "Raquette de fleurs", type: "spray", colours: ["white", "green"], flowers: ["lily", "rose", "foliage"], size: "large", places: CEREMONY, htEuros: 129, quoteVariant: null },
  { code: "FLE-DEVANT", name: "Devant de tombe fleuri", type: "grave_front", colours: ["mixed"], flowers: ["chrysanthemum", "rose", "foliage"], size: "large", places: GRAVE, htEuros: 165, quoteVariant: null },
  { code: "FLE-BOUQUET", name: "Bouquet de deuil", type: "bouquet", colours: ["white", "purple"], flowers: ["rose", "alstroemeria"], size: "medium", places: EVERYWHERE, htEuros: 69, quoteVariant: "bouquet" },
  // Sprays (gerbes).
  { code: "FLE-GERBE-BLANCHE", name: "Gerbe Sérénité, roses et lys blancs", type: "spray", colours: ["white"], flowers: ["rose", "lily"], size: "large", places: CEREMONY, ttcEuros: 129 },
  { code: "FLE-GERBE-ROUGE", name: "Gerbe Passion, roses rouges", type: "spray", colours: ["red"], flowers: ["rose"], size: "large", places: CEREMONY, ttcEuros: 155 },
  { code: "FLE-GERBE-PASTEL", name: "Gerbe Douceur, tons pastel", type: "spray", colours: ["pink", "white"], flowers: ["rose", "carnation", "alstroemeria"], size: "medium", places: CEREMONY, ttcEuros: 99 },
  { code: "FLE-GERBE-CHRYSANTHEMES", name: "Gerbe de chrysanthèmes blancs", type: "spray", colours: ["white"], flowers: ["chrysanthemum", "foliage"], size: "medium", places: CEREMONY, ttcEuros: 89 },
  { code: "FLE-GERBE-SOLEIL", name: "Gerbe Lumière, tons jaunes et orangés", type: "spray", colours: ["yellow", "orange"], flowers: ["gerbera", "rose"], size: "medium", places: CEREMONY, ttcEuros: 119 },
  { code: "FLE-GERBE-ORCHIDEES", name: "Gerbe Élégance, orchidées et anthuriums", type: "spray", colours: ["white", "green"], flowers: ["orchid", "anthurium"], size: "large", places: CEREMONY, ttcEuros: 179 },
  { code: "FLE-GERBE-MAUVE", name: "Gerbe Souvenir, roses mauves", type: "spray", colours: ["purple"], flowers: ["rose", "alstroemeria"], size: "medium", places: CEREMONY, ttcEuros: 135 },
  // Wreaths (couronnes).
  { code: "FLE-COURONNE-BLANCHE", name: "Couronne Éternité, roses et lys blancs", type: "wreath", colours: ["white"], flowers: ["rose", "lily"], size: "large", places: CEREMONY, ttcEuros: 249 },
  { code: "FLE-COURONNE-ROUGE", name: "Couronne Hommage, roses rouges", type: "wreath", colours: ["red"], flowers: ["rose", "foliage"], size: "large", places: CEREMONY, ttcEuros: 289 },
  { code: "FLE-COURONNE-CHRYSANTHEMES", name: "Couronne de chrysanthèmes", type: "wreath", colours: ["white", "yellow"], flowers: ["chrysanthemum"], size: "medium", places: CEREMONY, ttcEuros: 169 },
  { code: "FLE-COURONNE-CHAMPETRE", name: "Couronne champêtre", type: "wreath", colours: ["mixed"], flowers: ["gerbera", "alstroemeria", "foliage"], size: "medium", places: CEREMONY, ttcEuros: 189 },
  { code: "FLE-COURONNE-PRESTIGE", name: "Couronne Prestige, roses, lys et orchidées", type: "wreath", colours: ["white", "pink"], flowers: ["rose", "lily", "orchid"], size: "xlarge", places: CEREMONY, ttcEuros: 349 },
  { code: "FLE-COURONNE-ROSE", name: "Couronne Tendresse, roses et œillets roses", type: "wreath", colours: ["pink"], flowers: ["rose", "carnation"], size: "large", places: CEREMONY, ttcEuros: 219 },
  // Cushions (coussins).
  { code: "FLE-COUSSIN-BLANC", name: "Coussin Pureté, roses et œillets blancs", type: "cushion", colours: ["white"], flowers: ["rose", "carnation"], size: "medium", places: CEREMONY, ttcEuros: 169 },
  { code: "FLE-COUSSIN-ROUGE", name: "Coussin Amour, roses rouges", type: "cushion", colours: ["red"], flowers: ["rose"], size: "medium", places: CEREMONY, ttcEuros: 199 },
  { code: "FLE-COUSSIN-HORTENSIAS", name: "Coussin d'hortensias bleus", type: "cushion", colours: ["blue"], flowers: ["hydrangea", "foliage"], size: "medium", places: CEREMONY, ttcEuros: 179 },
  // Hearts (cœurs).
  { code: "FLE-COEUR-BLANC", name: "Cœur Infini, roses blanches", type: "heart", colours: ["white"], flowers: ["rose"], size: "medium", places: CEREMONY, ttcEuros: 209 },
  { code: "FLE-COEUR-ROSE", name: "Cœur Tendresse, roses et œillets roses", type: "heart", colours: ["pink"], flowers: ["rose", "carnation"], size: "medium", places: CEREMONY, ttcEuros: 179 },
  { code: "FLE-COEUR-OUVERT", name: "Cœur ouvert, roses rouges et blanches", type: "heart", colours: ["red", "white"], flowers: ["rose"], size: "large", places: CEREMONY, ttcEuros: 239 },
  // Coffin sprays (dessus de cercueil).
  { code: "FLE-DESSUS-BLANC", name: "Dessus de cercueil Paix, roses et lys blancs", type: "coffin_spray", colours: ["white"], flowers: ["rose", "lily"], size: "xlarge", places: CEREMONY, ttcEuros: 289 },
  { code: "FLE-DESSUS-ROUGE", name: "Dessus de cercueil Passion, roses rouges", type: "coffin_spray", colours: ["red"], flowers: ["rose", "foliage"], size: "xlarge", places: CEREMONY, ttcEuros: 349 },
  { code: "FLE-DESSUS-CHAMPETRE", name: "Dessus de cercueil champêtre", type: "coffin_spray", colours: ["mixed"], flowers: ["gerbera", "alstroemeria", "foliage"], size: "large", places: CEREMONY, ttcEuros: 229 },
  { code: "FLE-DESSUS-PIVOINES", name: "Dessus de cercueil de pivoines et roses", type: "coffin_spray", colours: ["pink"], flowers: ["peony", "rose"], size: "xlarge", places: CEREMONY, ttcEuros: 389 },
  { code: "FLE-DESSUS-CALLAS", name: "Dessus de cercueil Sobriété, callas et feuillages", type: "coffin_spray", colours: ["white", "green"], flowers: ["calla", "foliage"], size: "large", places: CEREMONY, ttcEuros: 189 },
  // Crosses (croix).
  { code: "FLE-CROIX-BLANCHE", name: "Croix de roses blanches", type: "cross", colours: ["white"], flowers: ["rose", "foliage"], size: "large", places: CEREMONY, ttcEuros: 229 },
  { code: "FLE-CROIX-ROUGE", name: "Croix de roses rouges et lys blancs", type: "cross", colours: ["red", "white"], flowers: ["rose", "lily"], size: "large", places: CEREMONY, ttcEuros: 259 },
  // Bouquets.
  { code: "FLE-BOUQUET-BLANC", name: "Bouquet Recueillement, tons blancs", type: "bouquet", colours: ["white"], flowers: ["rose", "lily"], size: "small", places: EVERYWHERE, ttcEuros: 59 },
  { code: "FLE-BOUQUET-ROSES", name: "Bouquet de roses roses", type: "bouquet", colours: ["pink"], flowers: ["rose"], size: "small", places: EVERYWHERE, ttcEuros: 65 },
  { code: "FLE-BOUQUET-PASTEL", name: "Bouquet Pensée, tons pastel", type: "bouquet", colours: ["pink", "purple"], flowers: ["alstroemeria", "carnation"], size: "small", places: EVERYWHERE, ttcEuros: 48 },
  { code: "FLE-BOUQUET-TULIPES", name: "Bouquet de tulipes blanches", type: "bouquet", colours: ["white"], flowers: ["tulip"], size: "small", places: EVERYWHERE, ttcEuros: 45 },
  { code: "FLE-BOUQUET-ROND", name: "Bouquet rond Souvenir", type: "bouquet", colours: ["mixed"], flowers: ["rose", "gerbera"], size: "medium", places: EVERYWHERE, ttcEuros: 79 },
  { code: "FLE-BOUQUET-LYS", name: "Bouquet de lys et roses blancs", type: "bouquet", colours: ["white"], flowers: ["lily", "rose"], size: "medium", places: EVERYWHERE, ttcEuros: 89 },
  // Grave fronts (devants de tombe).
  { code: "FLE-DEVANT-BLANC", name: "Devant de tombe Clarté, tons blancs", type: "grave_front", colours: ["white"], flowers: ["rose", "chrysanthemum"], size: "large", places: GRAVE, ttcEuros: 189 },
  { code: "FLE-DEVANT-ROSE", name: "Devant de tombe Tendresse, tons roses", type: "grave_front", colours: ["pink"], flowers: ["rose", "gerbera"], size: "large", places: GRAVE, ttcEuros: 199 },
  // Plants (plantes).
  { code: "FLE-PLANTE-ORCHIDEE", name: "Orchidée blanche en pot", type: "plant", colours: ["white"], flowers: ["orchid"], size: "small", places: PLANT, ttcEuros: 52 },
  { code: "FLE-PLANTE-HORTENSIA", name: "Hortensia bleu en pot", type: "plant", colours: ["blue"], flowers: ["hydrangea"], size: "medium", places: PLANT, ttcEuros: 45 },
  { code: "FLE-PLANTE-CHRYSANTHEME", name: "Chrysanthème en pot", type: "plant", colours: ["yellow"], flowers: ["chrysanthemum"], size: "medium", places: PLANT, ttcEuros: 35 },
  { code: "FLE-PLANTE-COMPOSITION", name: "Composition de plantes vertes et fleuries", type: "plant", colours: ["green", "white"], flowers: ["foliage", "anthurium"], size: "medium", places: PLANT, ttcEuros: 79 },
  { code: "FLE-PLANTE-ANTHURIUM", name: "Anthurium rouge en pot", type: "plant", colours: ["red"], flowers: ["anthurium"], size: "small", places: PLANT, ttcEuros: 55 },
] as const satisfies readonly DemoArrangement[];

export type FlowerProductCode = (typeof DEMO_ARRANGEMENTS)[number]["code"];
/** Every arrangement code of the demo catalogue (the UI draws one picture per code). */
export const FLOWER_PRODUCT_CODES: readonly FlowerProductCode[] = DEMO_ARRANGEMENTS.map((a) => a.code);
