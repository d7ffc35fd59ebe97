import type { MetadataRoute } from "next";
import { serverEnv } from "@/config/env";
import { robotsRules } from "@/features/seo/robots";

export default function robots(): MetadataRoute.Robots {
  return robotsRules(serverEnv().SITE_URL);
}
