import type { Metadata } from "next";
import { paths } from "@/config/paths";
import { readServerSession } from "@/features/auth/server-session";
import { FlowersPage } from "@/features/flowers/flowers-page";
import { pageMetadata } from "@/shared/seo/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata((await params).locale, "flowers", paths.flowers());
}

export default async function Page({ params }: Props) {
  // A signed-in family orders under its account and is offered its ceremonies.
  const session = await readServerSession("client");
  return <FlowersPage locale={(await params).locale} signedIn={session.state === "signed_in"} />;
}
