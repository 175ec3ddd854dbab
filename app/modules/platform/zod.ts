// The one way app code imports Zod: ./zod-config.ts runs first (see there).
import "./zod-config";

export { z } from "zod";
