/** Cities the demonstration partners are spread over (at least ten départements). */
export interface DemoCity {
  insee: string;
  city: string;
  postalCode: string;
  department: string;
  streets: readonly string[];
}

export const DEMO_CITIES: readonly DemoCity[] = [
  { insee: "75056", city: "Paris", postalCode: "75020", department: "75", streets: ["rue des Rondeaux", "boulevard de Ménilmontant", "rue de la Roquette"] },
  { insee: "69123", city: "Lyon", postalCode: "69008", department: "69", streets: ["avenue Berthelot", "rue Professeur Beauvisage", "rue de la Guillotière"] },
  { insee: "13055", city: "Marseille", postalCode: "13010", department: "13", streets: ["boulevard de la Pomme", "avenue de Saint-Menet", "rue Saint-Pierre"] },
  { insee: "59350", city: "Lille", postalCode: "59000", department: "59", streets: ["rue du Faubourg d'Arras", "avenue de Dunkerque", "rue Pierre Legrand"] },
  { insee: "33063", city: "Bordeaux", postalCode: "33000", department: "33", streets: ["rue Judaïque", "cours de la Marne", "rue de Bègles"] },
  { insee: "31555", city: "Toulouse", postalCode: "31400", department: "31", streets: ["avenue de Rangueil", "route de Saint-Simon", "allée des Demoiselles"] },
  { insee: "44109", city: "Nantes", postalCode: "44300", department: "44", streets: ["rue de la Chapelle", "boulevard Jules Verne", "route de Vannes"] },
  { insee: "67482", city: "Strasbourg", postalCode: "67200", department: "67", streets: ["route des Romains", "rue de l'Hôpital", "avenue de Colmar"] },
  { insee: "06088", city: "Nice", postalCode: "06300", department: "06", streets: ["avenue de Pessicart", "boulevard de l'Observatoire", "route de Turin"] },
  { insee: "34172", city: "Montpellier", postalCode: "34070", department: "34", streets: ["avenue de Toulouse", "rue de Saint-Priest", "route de Lodève"] },
  { insee: "91228", city: "Évry-Courcouronnes", postalCode: "91000", department: "91", streets: ["boulevard des Champs-Élysées", "rue du Bois Sauvage", "allée du Parc"] },
  { insee: "93066", city: "Saint-Denis", postalCode: "93200", department: "93", streets: ["rue Gabriel Péri", "avenue du Président Wilson", "boulevard Anatole France"] },
  { insee: "35238", city: "Rennes", postalCode: "35000", department: "35", streets: ["rue de Lorient", "boulevard de Vitré", "rue de Saint-Malo"] },
];

/** Consulates by city: the countries families most often repatriate to from each. */
export const DEMO_CONSULATES: Readonly<Record<string, readonly string[]>> = {
  Paris: ["dz", "ma", "tn", "sn", "tr", "pt", "rs", "il", "cn", "ci", "ml"],
  Lyon: ["dz", "ma", "tn", "tr", "pt"],
  Marseille: ["dz", "ma", "tn", "tr", "km"],
  Lille: ["dz", "ma"],
  Bordeaux: ["dz", "ma", "pt"],
  Toulouse: ["dz", "ma", "es"],
  Strasbourg: ["tr", "ma", "dz"],
  Nice: ["tn", "it"],
  Montpellier: ["dz", "ma"],
};
