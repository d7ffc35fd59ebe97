import { publicEnv } from "@/config/public-env";
import { connectSentry } from "@/features/monitoring/sentry-reporter";

void connectSentry(publicEnv.NEXT_PUBLIC_SENTRY_DSN, process.env.NODE_ENV ?? "production");
