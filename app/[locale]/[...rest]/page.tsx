import { notFound } from "next/navigation";

// Any path no route claims (including /404) renders the localised not-found page with status 404.
export default function UnknownPath() {
  notFound();
}
