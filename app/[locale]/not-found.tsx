import { NotFoundContent } from "@/features/shell/not-found-content";

export default function LocaleNotFound() {
  return <NotFoundContent />;
}
