/**
 * Every way of getting a document signed implements this (DESIGN "Integrations": an
 * embedded default for each). The default is the sandbox: the product's own signing page
 * /signature/{token}, reached from the e-mail the job sends. A real e-signature provider
 * (eIDAS advanced signature: Yousign, Docusign...) would implement `start` by uploading
 * the PDF and the signer, keep its reference in signature_requests.provider_reference,
 * and report the outcome to a webhook route calling completeSignature(). None is wired in
 * this repository: no provider is reachable from here to verify one against.
 */
export interface SignatureProvider {
  readonly name: string;
  /** Whether the product sends the signing e-mail itself (the sandbox) or the provider does. */
  readonly sendsOwnEmail: boolean;
  start(request: { id: number; documentName: string; pdf: Buffer; signerName: string; signerEmail: string; expiresAt: Date }): Promise<{ reference: string | null }>;
}

export const sandboxSignatureProvider: SignatureProvider = {
  name: "sandbox",
  sendsOwnEmail: true,
  async start() {
    return { reference: null };
  },
};

let override: SignatureProvider | null = null;

/** Tests and a future configured provider replace the sandbox here. */
export function setSignatureProvider(provider: SignatureProvider | null): void {
  override = provider;
}

export function getSignatureProvider(): SignatureProvider {
  return override ?? sandboxSignatureProvider;
}
