/**
 * The unbiased pass@k estimate for one task: the chance that at least one of `k` attempts drawn
 * from `n` (of which `c` passed) passes, `1 - C(n-c, k) / C(n, k)`.
 */
export function passAtK(n: number, c: number, k: number): number {
  if (k > n || n <= 0) return Number.NaN;
  if (n - c < k) return 1;
  let fail = 1;
  for (let i = n - c + 1; i <= n; i++) fail *= 1 - k / i;
  return 1 - fail;
}
