import type { MetadataRoute } from "next";
import { serverEnv } from "@/config/env";
import { robotsRules } from "@/shared/seo/robots";

export default function robots(): MetadataRoute.Robots {
  return robotsRules(serverEnv().SITE_URL);
}
