/**
 * A number as Python prints a float (`str(0.5)`, `f"{1.0}"`): `1.0` rather than `1`, and an
 * exponent below 1e-4 or from 1e16 on (`1e-05`, `1e+16`), so tool texts equal the reference's.
 */
export function pythonFloat(value: number): string {
  if (Number.isNaN(value)) return "nan";
  if (!Number.isFinite(value)) return value > 0 ? "inf" : "-inf";
  if (value === 0) return Object.is(value, -0) ? "-0.0" : "0.0";
  // toExponential() without digits gives the shortest round-tripping digits, as Python's repr does.
  const [mantissa = "", expText = "0"] = value.toExponential().split("e");
  const exp = Number(expText);
  if (exp < -4 || exp >= 16) {
    const sign = exp < 0 ? "-" : "+";
    return `${mantissa}e${sign}${String(Math.abs(exp)).padStart(2, "0")}`;
  }
  const negative = mantissa.startsWith("-");
  const digits = mantissa.replace("-", "").replace(".", "");
  let text: string;
  if (exp >= 0) {
    const intPart = digits.slice(0, exp + 1).padEnd(exp + 1, "0");
    const frac = digits.slice(exp + 1);
    text = `${intPart}.${frac || "0"}`;
  } else {
    text = `0.${"0".repeat(-exp - 1)}${digits}`;
  }
  return negative ? `-${text}` : text;
}
