import { onSessionExpired, setSessionExpiredHandler } from "@/api-client/client";
import { redirectToLoginHandler } from "@/api-client/session-expired";
import { captureAttributionFromUrl } from "@/store/attribution-slice";
import { ensureUserLoaded, sessionExpired } from "@/store/auth-slice";
import { restoreCompany } from "@/store/company-slice";
import type { AppStore } from "@/store/make-store";

/**
 * Browser start of the app: restores the company, captures the landing URL's tracking
 * parameters, loads the user if needed and keeps the state in step with a session the
 * server ends. Returns the cleanup (for an effect).
 */
export function startApp(store: AppStore, search: string): () => void {
  store.dispatch(restoreCompany());
  store.dispatch(captureAttributionFromUrl(search));
  // A session that ends mid-visit sends the visitor to sign in and back (SPEC §8).
  setSessionExpiredHandler(redirectToLoginHandler());
  void ensureUserLoaded(store.dispatch, store.getState);
  return onSessionExpired(() => {
    store.dispatch(sessionExpired());
  });
}
