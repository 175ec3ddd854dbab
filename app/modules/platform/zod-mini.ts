// Zod's smaller build, for the public consultation form's script budget; ./zod-config.ts
// runs first (see there).
import "./zod-config";

export * as z from "zod/mini";
