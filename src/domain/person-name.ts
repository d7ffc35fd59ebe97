/** "Claire Martin": a person's first and last names as a family reads them; "" when neither is known. */
export function personName(person: { firstname?: string | null; lastname?: string | null } | null | undefined): string {
  return [person?.firstname, person?.lastname].filter((part) => part && part.trim()).join(" ");
}
