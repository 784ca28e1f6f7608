// The generator's name and version, shown in <meta name="generator">. The version is the
// package version (the specification's site generator version, 2.4.3).
export const GENERATOR_NAME = 'Pagewright';
