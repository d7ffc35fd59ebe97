import type { Db } from "@/server/db/client";
import { reviews } from "@/server/db/schema/content";
import type { Random } from "@/server/db/seed/random";

/**
 * Demonstration reviews (demo = true): they let the reviews page and the structured data
 * show real aggregates computed from rows, until real families leave theirs.
 */
type Row = [author: string, rating: 3 | 4 | 5, city: string, title: string, body: string];

export const DEMO_REVIEWS: readonly Row[] = [
  ["Sophie M.", 5, "Lyon", "Un accompagnement humain", "Notre conseillère a tout pris en charge avec une grande douceur. Le devis était clair dès le premier appel et il n'a pas bougé."],
  ["Karim B.", 5, "Marseille", "Rapatriement organisé en quatre jours", "Mon père reposait à Marseille et devait être inhumé à Oran. Les papiers du consulat et de la préfecture ont été faits pour nous, sans mauvaise surprise."],
  ["Françoise L.", 4, "Paris", "Sérieux et disponibles", "Équipe joignable même le dimanche. Seul bémol, le corbillard est arrivé avec un petit retard au cimetière."],
  ["Thomas R.", 5, "Bordeaux", "Transparence sur les prix", "J'avais comparé trois devis : celui-ci était détaillé ligne par ligne et distinguait bien ce qui était obligatoire de ce qui ne l'était pas."],
  ["Nathalie G.", 5, "Toulouse", "Merci pour votre patience", "Je ne savais rien des démarches. On m'a expliqué chaque étape sans jamais me presser."],
  ["Jean-Pierre D.", 4, "Nantes", "Bonne organisation", "Cérémonie civile réussie, maître de cérémonie à l'écoute. Le livret aurait mérité une relecture de plus."],
  ["Amina K.", 5, "Lille", "Respect de nos rites", "Toilette rituelle et inhumation dans le carré confessionnel : tout a été respecté, dans les délais."],
  ["Claire V.", 5, "Nice", "Une aide précieuse", "Les fleurs commandées en ligne étaient magnifiques et livrées à l'heure au crématorium."],
  ["Mehdi A.", 5, "Saint-Denis", "Réactivité", "Décès un vendredi soir, tout était organisé le lundi matin. Conseiller présent et rassurant."],
  ["Isabelle F.", 3, "Strasbourg", "Correct mais perfectible", "Prestations conformes au devis. J'aurais aimé être rappelée plus vite après ma première demande."],
  ["Pierre-Alain C.", 5, "Montpellier", "Paiement en plusieurs fois apprécié", "Pouvoir régler en plusieurs échéances nous a beaucoup soulagés dans un moment déjà difficile."],
  ["Léa T.", 5, "Rennes", "Tout en douceur", "Nous avons pu personnaliser la cérémonie avec les musiques préférées de ma grand-mère. Merci."],
  ["Yannick P.", 4, "Évry-Courcouronnes", "Efficace", "Démarches en mairie faites à notre place. Le suivi en ligne des documents est pratique."],
  ["Samira H.", 5, "Lyon", "Des gens bienveillants", "Ma mère voulait être rapatriée à Tunis. Tout s'est déroulé comme prévu, avec un suivi quotidien."],
  ["Bernard N.", 5, "Paris", "Prix juste", "Moins cher que l'agence de notre quartier, pour un service au moins aussi soigné."],
  ["Émilie S.", 5, "Bordeaux", "À l'écoute", "Le conseiller a pris le temps de nous expliquer la différence entre inhumation et crémation, sans orienter notre choix."],
  ["Olivier J.", 4, "Lille", "Bon rapport qualité-prix", "Cercueil de la gamme Tradition, très correct. Le délai pour la plaque gravée a été un peu long."],
  ["Fatou D.", 5, "Paris", "Rapatriement vers Dakar", "Je remercie l'équipe qui a géré le transport et les autorisations. Nous avons pu dire au revoir à ma tante au pays."],
  ["Hélène B.", 5, "Marseille", "Humanité et professionnalisme", "Présence discrète le jour de la cérémonie, tout était prêt. Je recommande."],
  ["Marc E.", 3, "Toulouse", "Communication à améliorer", "Bon déroulement des obsèques, mais plusieurs interlocuteurs différents au téléphone, ce qui n'était pas simple."],
  ["Catherine W.", 5, "Strasbourg", "Rien à redire", "Du devis à la cérémonie, tout a été fluide. Le devis respectait le modèle officiel, ce qui m'a rassurée."],
  ["Ahmed Z.", 5, "Nice", "Très bon suivi", "Soins, mise en bière et transport vers l'aéroport coordonnés sans que nous ayons à nous en soucier."],
  ["Valérie M.", 4, "Nantes", "Satisfaite", "Démarches simples à distance, j'habite à l'étranger et j'ai tout pu signer en ligne."],
  ["Julien G.", 5, "Rennes", "Crémation bien organisée", "Le crématorium, la salle et l'horaire ont été réservés rapidement. Urne remise dans de bonnes conditions."],
  ["Monique R.", 5, "Montpellier", "Gentillesse", "Une conseillère d'une grande gentillesse qui nous a aidés aussi pour les démarches auprès de la banque."],
  ["Nicolas H.", 4, "Paris", "Devis respecté", "Le montant final correspondait au devis au centime près. Quelques échanges de mails en plus auraient été bienvenus."],
  ["Zineb O.", 5, "Marseille", "Merci infiniment", "Rapatriement vers Casablanca dans le respect des délais et des rites. Équipe très humaine."],
  ["Gérard F.", 5, "Lyon", "Monument de qualité", "Nous avons commandé un monument en granit après les obsèques : pose soignée et gravure impeccable."],
  ["Sandrine C.", 5, "Lille", "Simplicité", "Tout a pu être fait depuis la maison. On se sent accompagné du début à la fin."],
  ["Antoine L.", 3, "Bordeaux", "Moyen pour les fleurs", "Les obsèques se sont bien passées mais la composition florale ne ressemblait pas tout à fait à la photo."],
  ["Martine P.", 5, "Toulouse", "Dignité", "La cérémonie était sobre et digne, comme le souhaitait mon mari. Merci à toute l'équipe."],
  ["Youssef E.", 5, "Saint-Denis", "Très professionnels", "Les documents demandés par le consulat ont été préparés en une journée. Je recommande vivement."],
  ["Anne-Marie T.", 4, "Nantes", "Bon accompagnement", "Conseils utiles sur les aides possibles, notamment le capital décès. Délai de réponse parfois un peu long."],
  ["Laurent V.", 5, "Nice", "Impeccable", "Organisation sans faille d'une inhumation dans le caveau familial, avec ouverture et fermeture comprises au devis."],
  ["Chantal D.", 5, "Paris", "Je recommande", "Nous avons été écoutés. Aucun service inutile ne nous a été proposé, ce qui n'est pas le cas partout."],
  ["Rachid M.", 4, "Lyon", "Service sérieux", "Bon suivi du rapatriement vers Alger. Il a fallu relancer une fois pour le billet de l'accompagnant."],
  ["Brigitte A.", 5, "Strasbourg", "Réconfortant", "Dans la douleur, avoir une seule personne qui gère tout est un vrai réconfort."],
  ["Sébastien K.", 5, "Montpellier", "Clair et rapide", "Devis reçu en quelques minutes, conforme à ce qui a été facturé. Merci pour votre disponibilité."],
  ["Dominique G.", 4, "Rennes", "Bien", "Prestation de qualité, personnel respectueux. Le stationnement près de la salle était compliqué, mais ce n'est pas de leur fait."],
  ["Leïla S.", 5, "Marseille", "Merci pour ma mère", "Vous avez rendu possible un dernier voyage vers la Tunisie. Nous ne l'oublierons pas."],
  ["Philippe B.", 5, "Toulouse", "Excellent", "Tout a été pris en charge : avis de décès, fleurs, cérémonie. Prix raisonnables et annoncés dès le départ."],
  ["Christine N.", 3, "Lille", "Peut mieux faire", "Bon accueil, mais un document a dû être renvoyé deux fois. L'essentiel s'est bien passé."],
  ["Alain R.", 5, "Bordeaux", "Très satisfait", "Crémation puis dispersion en pleine nature, tout était expliqué : déclaration en mairie comprise."],
  ["Sonia L.", 5, "Évry-Courcouronnes", "Merci", "Une équipe qui sait trouver les mots. Les démarches après les obsèques ont aussi été facilitées."],
  ["Didier H.", 4, "Nice", "Satisfaisant", "Organisation correcte, tarif conforme. J'aurais aimé plus de choix pour les urnes."],
  ["Nadia F.", 5, "Paris", "Accompagnement remarquable", "Ma sœur vit en Algérie : elle a pu suivre l'avancement du dossier à distance. Merci pour cette transparence."],
  ["Michel S.", 5, "Lyon", "Au-delà de nos attentes", "Conseillère joignable tard le soir, cérémonie émouvante, devis respecté."],
  ["Céline J.", 5, "Nantes", "Soulagement", "Je redoutais les démarches : elles ont été faites pour moi, avec un compte rendu à chaque étape."],
  ["Hervé P.", 4, "Strasbourg", "Bonne expérience", "Service rapide. La plateforme en ligne est simple, même pour quelqu'un qui n'est pas à l'aise avec internet."],
  ["Mariam T.", 5, "Saint-Denis", "Merci à l'équipe", "Rapatriement vers Bamako organisé avec beaucoup de soin et de respect."],
  ["Georges V.", 5, "Montpellier", "Délicatesse", "Ils ont su respecter nos souhaits sans rien imposer. Une vraie différence."],
  ["Patricia E.", 4, "Toulouse", "Bonne prise en charge", "Démarches bien gérées. Un petit oubli sur le livret de cérémonie, vite corrigé."],
  ["Stéphane C.", 5, "Rennes", "Parfait", "Inhumation en pleine terre, concession de trente ans réservée pour nous en mairie. Rien à redire."],
  ["Jacqueline M.", 5, "Bordeaux", "Merci du fond du cœur", "Une écoute rare et des conseils justes. Nous avons pu nous concentrer sur l'essentiel."],
  ["Farid N.", 5, "Lille", "Rapide et fiable", "Rapatriement vers Casablanca en cinq jours, tous les papiers faits pour nous."],
  ["Agnès R.", 4, "Paris", "Bien organisé", "Le déroulé de la journée était clair. Léger retard du maître de cérémonie, sans conséquence."],
  ["Vincent D.", 5, "Marseille", "Efficacité", "Devis en ligne, signature électronique, paiement en plusieurs fois : tout était simple."],
  ["Josiane B.", 5, "Nice", "Délicatesse et écoute", "Ma maman aurait aimé cette cérémonie. Merci pour votre présence."],
  ["Kevin L.", 4, "Évry-Courcouronnes", "Correct", "Bonne prestation dans l'ensemble et prix annoncé respecté."],
  ["Odile G.", 5, "Lyon", "Recommandé", "Nous avons été guidés avec tact pour chaque choix. Une équipe humaine et compétente."],
];

export async function seedDemoReviews(db: Db, random: Random, now: Date): Promise<number> {
  const day = 86_400_000;
  await db.insert(reviews).values(
    DEMO_REVIEWS.map(([authorName, rating, city, title, body], index) => ({
      authorName,
      rating,
      city,
      title,
      body,
      // Spread over the last two years, newest first in the list order.
      publishedAt: new Date(now.getTime() - (index * 12 + random.int(0, 10)) * day - random.int(8, 20) * 3_600_000),
      demo: true,
    })),
  );
  return DEMO_REVIEWS.length;
}
