/**
 * The editable documents the product starts with: the paperwork a French funeral operator
 * fills for nearly every funeral, written for this product (the legal grounds are the CGCT
 * articles cited; see docs/architecture.md and DOMAIN.md). Each is Markdown with
 * `{{placeholders}}` (placeholders.ts). The seed writes them; advisors may edit them later.
 */
export interface EditableDocumentTemplate {
  /** Stable: the rule tag of the rule sets and the seed's key. */
  ruleTag: string;
  name: string;
  dealType: "funeral";
  generationType: "template";
  /** Who receives or signs the document. */
  owners: ReadonlyArray<{ ownerType: string; ownerId: number }>;
  template: string;
}

const OPERATOR_BLOCK = `{{operator.name}}
{{operator.address}}
{{operator.habilitation}} — SIREN {{operator.siren}}`;

export const EDITABLE_DOCUMENT_TEMPLATES: readonly EditableDocumentTemplate[] = [
  {
    ruleTag: "death_declaration",
    name: "Déclaration de décès",
    dealType: "funeral",
    generationType: "template",
    owners: [{ ownerType: "Cityhall", ownerId: 0 }],
    template: `# Déclaration de décès

À l'attention de l'officier de l'état civil de la mairie de {{defunct.death_place}}

Dossier n° {{deal.number}}

Conformément aux articles 78 et suivants du Code civil, nous vous déclarons le décès de la personne suivante, afin que l'acte de décès soit dressé.

## Personne décédée

- Nom et prénom : {{defunct.full_name}}
- Nom de naissance : {{defunct.birth_name}}
- Née ou né le {{defunct.birth_date}} à {{defunct.birth_place}}
- Décédée ou décédé le {{defunct.death_date}} à {{defunct.death_place}}

## Déclarant

La déclaration est faite pour le compte de la famille par l'opérateur funéraire mandaté par {{family.full_name}}, demeurant {{family.address}}.

## Opérateur funéraire

${OPERATOR_BLOCK}

## Pièces jointes

- Le volet administratif du certificat médical de décès
- Une pièce d'identité ou le livret de famille de la personne décédée

Fait le {{today}}, pour l'opérateur : {{advisor.full_name}}
`,
  },
  {
    ruleTag: "cremation_authorisation",
    name: "Demande d'autorisation de crémation",
    dealType: "funeral",
    generationType: "template",
    owners: [{ ownerType: "Cityhall", ownerId: 0 }, { ownerType: "Client", ownerId: 0 }],
    template: `# Demande d'autorisation de crémation

À l'attention de Madame ou Monsieur le Maire de {{closing.place}}

(la commune du décès, ou celle de la fermeture du cercueil si le corps a été transporté après sa mise en bière — article R2213-34 du CGCT)

Dossier n° {{deal.number}}

Je soussignée ou soussigné {{family.full_name}}, demeurant {{family.address}}, ayant qualité pour pourvoir aux funérailles, demande l'autorisation de procéder à la crémation du corps de :

- {{defunct.full_name}}, née ou né le {{defunct.birth_date}} à {{defunct.birth_place}},
- décédée ou décédé le {{defunct.death_date}} à {{defunct.death_place}}.

La crémation aura lieu au {{cremation.place}}, le {{cremation.date}}. La fermeture du cercueil est prévue le {{closing.date}}.

Je joins à cette demande :

- une copie de ma pièce d'identité et un justificatif de domicile ;
- le certificat médical attestant que le décès ne pose pas de problème médico-légal ;
- l'attestation de retrait de la prothèse fonctionnant au moyen d'une pile, le cas échéant ;
- les dernières volontés écrites de la personne décédée, si elle en a laissé.

Les démarches sont conduites par l'opérateur funéraire :

${OPERATOR_BLOCK}

Fait le {{today}}

Signature de la personne ayant qualité pour pourvoir aux funérailles :
`,
  },
  {
    ruleTag: "transport_declaration",
    name: "Déclaration préalable de transport de corps",
    dealType: "funeral",
    generationType: "template",
    owners: [{ ownerType: "Cityhall", ownerId: 0 }],
    template: `# Déclaration préalable de transport de corps

À l'attention de Madame ou Monsieur le Maire de {{transport.departure}}

(le maire du lieu de dépôt du corps avant la mise en bière — article R2213-7 du CGCT —, celui du lieu de fermeture du cercueil après — article R2213-21)

Dossier n° {{deal.number}}

L'opérateur funéraire habilité ci-dessous déclare le transport du corps de {{defunct.full_name}}, décédée ou décédé le {{defunct.death_date}} à {{defunct.death_place}}.

- Lieu de départ : {{transport.departure}}
- Lieu d'arrivée : {{transport.arrival}}
- Date et heure prévues : {{transport.date}}

Le transport est fait à la demande de {{family.full_name}}, ayant qualité pour pourvoir aux funérailles, dans un véhicule funéraire agréé.

## Opérateur funéraire

${OPERATOR_BLOCK}

Fait le {{today}}, pour l'opérateur : {{advisor.full_name}}
`,
  },
  {
    ruleTag: "family_mandate",
    name: "Pouvoir de la famille à l'opérateur funéraire",
    dealType: "funeral",
    generationType: "template",
    owners: [{ ownerType: "Client", ownerId: 0 }],
    template: `# Pouvoir

Dossier n° {{deal.number}}

Je soussignée ou soussigné {{family.full_name}}, demeurant {{family.address}}, joignable au {{family.phone}}, agissant en qualité de personne ayant qualité pour pourvoir aux funérailles de {{defunct.full_name}}, décédée ou décédé le {{defunct.death_date}} à {{defunct.death_place}},

donne pouvoir à l'opérateur funéraire :

${OPERATOR_BLOCK}

d'accomplir en mon nom les démarches nécessaires aux obsèques : déclaration du décès, demandes d'autorisation et déclarations préalables auprès des mairies (transport, fermeture du cercueil, crémation ou inhumation), réservations auprès du crématorium, du cimetière et des lieux de cérémonie.

Ce pouvoir vaut pour ces seules démarches et prend fin avec les obsèques.

Fait le {{today}}

Signature précédée de la mention « Bon pour pouvoir » :
`,
  },
  {
    ruleTag: "funeral_certificate",
    name: "Attestation de prise en charge des obsèques",
    dealType: "funeral",
    generationType: "template",
    owners: [{ ownerType: "Client", ownerId: 0 }],
    template: `# Attestation de prise en charge des obsèques

Dossier n° {{deal.number}}

L'opérateur funéraire soussigné :

${OPERATOR_BLOCK}

atteste avoir été chargé par {{family.full_name}}, demeurant {{family.address}}, de l'organisation des obsèques de {{defunct.full_name}}, née ou né le {{defunct.birth_date}} à {{defunct.birth_place}}, décédée ou décédé le {{defunct.death_date}} à {{defunct.death_place}}.

- Cérémonie : {{ceremony.place}}, le {{ceremony.date}}
- Crémation : {{cremation.place}}, le {{cremation.date}}
- Inhumation : {{interment.place}}, le {{interment.date}}

Retirez les lignes qui ne concernent pas ces obsèques avant de produire le document.

Cette attestation peut être présentée à la banque de la personne décédée, à un employeur ou à un organisme social.

Fait le {{today}}, pour l'opérateur : {{advisor.full_name}}
`,
  },
];
