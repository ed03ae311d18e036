// Which profile a window works in. Apart from the profiles' schemas (profiles.ts), so the window's
// start path builds none of them to know it.

/** The profile the window works in: the one it last used while that still exists, else the first. */
export function profileInUse(profiles: readonly { id: string }[], remembered: string | undefined): string | undefined {
  return profiles.some((p) => p.id === remembered) ? remembered : profiles[0]?.id;
}
