/**
 * The pages' Content-Security-Policy allows no eval, and zod probes for it (`new Function("")`)
 * as soon as a schema is built, which browsers report as a violation even though zod catches it.
 * This inline script, first in <head>, tells zod not to probe, before any module loads.
 */
export const ZOD_NO_EVAL_SCRIPT = "globalThis.__zod_globalConfig={jitless:true};";
