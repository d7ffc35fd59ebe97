import { publicEnv } from "@/config/public-env";
import { CHAT_MOUNT_PATH } from "@/domain/schemas/chat";

/**
 * URL of a chat-service endpoint (SPEC §7 "Chat service"): `chatUrl("/v1/conversations")`.
 * The base is NEXT_PUBLIC_CHAT_URL (a separate host, path included, e.g.
 * https://chat.paisible.fr/api/chat) or, by default, /api/chat on the app's own origin.
 * Call it with `credentials: "omit"` and none of the API's token headers: the service is
 * anonymous by design.
 */
export function chatUrl(path: string, base: string | undefined = publicEnv.NEXT_PUBLIC_CHAT_URL): string {
  const root = (base ?? CHAT_MOUNT_PATH).replace(/\/+$/, "");
  return `${root}${path.startsWith("/") ? path : `/${path}`}`;
}
