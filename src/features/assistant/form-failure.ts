import { ChatCallError } from "./assistant-calls";

/**
 * Spreads a failed submission's codes: a 422's field codes go under their field (focused,
 * what was typed kept), everything else into one message above the button.
 */
export function showFailure<Field extends string>(
  error: unknown,
  fieldOfCode: (code: string) => Field | null,
  setFieldError: (field: Field, code: string) => void,
  setFailure: (codes: string[] | null) => void,
) {
  const codes = error instanceof ChatCallError ? error.codes : ["unhandled"];
  const general: string[] = [];
  for (const code of codes) {
    const field = fieldOfCode(code);
    if (field && error instanceof ChatCallError && error.status === 422) setFieldError(field, code);
    else general.push(code);
  }
  setFailure(general.length > 0 ? general : null);
}
