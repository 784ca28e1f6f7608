// Whether the generator runs from its prebuilt bundle (scripts/launch.mjs defines GENERATOR_BUNDLED
// when it bundles) or from its TypeScript sources under tsx (the tests, `node --import tsx build.ts`).
// Code that starts another thread or process of the generator starts it in the same form: in the
// bundle, every entry (the build command, the helper thread, the dev build worker) is a file of its
// own in the bundle's folder, named by the `.mjs` names of scripts/launch.mjs.
declare const GENERATOR_BUNDLED: boolean | undefined;

export const BUNDLED = typeof GENERATOR_BUNDLED !== 'undefined' && GENERATOR_BUNDLED;
