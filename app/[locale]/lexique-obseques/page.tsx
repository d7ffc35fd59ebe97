import type { Metadata } from "next";
import { glossaryMetadata, GlossaryRoute } from "@/features/glossary/glossary-route";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return glossaryMetadata((await params).locale);
}

export default async function Page({ params }: Props) {
  return <GlossaryRoute locale={(await params).locale} />;
}
