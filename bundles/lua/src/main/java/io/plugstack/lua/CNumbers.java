package io.plugstack.lua;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.regex.Pattern;

/**
 * The C library's number texts that Slurm's serializers go through (glibc): printf's {@code %.17g}
 * (json-c's doubles) and {@code %lf} (serializer_yaml's floats), both rounding the exact binary value
 * half to even; {@code strtoul} (slurm_atoul); and the {@code sscanf("%ld%c")}, {@code "%lx%c"},
 * {@code "%lf%c"} == 1 tests of data.c's conversions (the whole text is the number).
 */
final class CNumbers {

    private static final BigInteger ULONG_MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
    private static final Pattern DECIMAL_INT = Pattern.compile("[ \t\n\u000b\f\r]*[+-]?[0-9]+");
    private static final Pattern HEX_INT = Pattern.compile("0[xX][0-9a-fA-F]*");
    private static final Pattern DECIMAL_FLOAT = Pattern.compile("[0-9]+(\\.[0-9]*)?([eE][+-]?[0-9]+)?");
    private static final Pattern HEX_FLOAT = Pattern.compile("0[xX]([0-9a-fA-F]+(\\.[0-9a-fA-F]*)?|\\.[0-9a-fA-F]+)([pP][+-]?[0-9]+)?");
    /** What strtod takes whole from the characters json-c's number state collects. */
    private static final Pattern STRTOD = Pattern.compile("[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?");

    private CNumbers() {
    }

    /** json-c 0.16 json_object_double_to_json_string_format: {@code %.17g}, ".0" added to what looks like an integer. */
    static String jsonDouble(double v) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "Infinity" : "-Infinity";
        }
        String s = g17(v);
        return s.indexOf('.') < 0 && s.indexOf('e') < 0 ? s + ".0" : s;
    }

    /** printf("%.17g"). */
    static String g17(double v) {
        boolean negative = (Double.doubleToRawLongBits(v) < 0);
        if (v == 0) {
            return negative ? "-0" : "0";
        }
        BigDecimal r = new BigDecimal(Math.abs(v)).round(new MathContext(17, RoundingMode.HALF_EVEN));
        int exp = r.precision() - r.scale() - 1;
        String out;
        if (exp < -4 || exp >= 17) {
            String digits = stripZeros(r.unscaledValue().toString());
            String mantissa = digits.length() > 1 ? digits.charAt(0) + "." + digits.substring(1) : digits;
            out = mantissa + "e" + (exp < 0 ? "-" : "+") + (Math.abs(exp) < 10 ? "0" : "") + Math.abs(exp);
        } else {
            out = r.setScale(Math.max(0, 16 - exp), RoundingMode.UNNECESSARY).toPlainString();
            if (out.indexOf('.') >= 0) {
                out = stripZeros(out);
                if (out.endsWith(".")) {
                    out = out.substring(0, out.length() - 1);
                }
            }
        }
        return negative ? "-" + out : out;
    }

    private static String stripZeros(String s) {
        int end = s.length();
        while (end > 1 && s.charAt(end - 1) == '0') {
            end--;
        }
        return s.substring(0, end);
    }

    /** printf("%lf"): six decimals; "nan", "-nan", "inf", "-inf" as glibc prints them. */
    static String lf(double v) {
        boolean negative = (Double.doubleToRawLongBits(v) < 0);
        String sign = negative ? "-" : "";
        if (Double.isNaN(v)) {
            return sign + "nan";
        }
        if (Double.isInfinite(v)) {
            return sign + "inf";
        }
        return sign + new BigDecimal(Math.abs(v)).setScale(6, RoundingMode.HALF_EVEN).toPlainString();
    }

    /** strtoul(s, NULL, 10) (slurm_atoul): leading space, a sign, the digits there are; ULONG_MAX on overflow. */
    static long strtoul(String s) {
        int i = 0;
        while (i < s.length() && isSpace(s.charAt(i))) {
            i++;
        }
        boolean negative = false;
        if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            negative = s.charAt(i) == '-';
            i++;
        }
        int start = i;
        while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
            i++;
        }
        if (i == start) {
            return 0;
        }
        BigInteger v = new BigInteger(s.substring(start, i));
        if (v.compareTo(ULONG_MAX) > 0) {
            return -1L;
        }
        return negative ? -v.longValue() : v.longValue();
    }

    private static boolean isSpace(char c) {
        return c == ' ' || (c >= '\t' && c <= '\r');
    }

    /** sscanf(s, "%ld%c", ...) == 1: optional space and sign, digits to the end; clamped like strtol. */
    static OptionalLong scanLong(String s) {
        if (!DECIMAL_INT.matcher(s).matches()) {
            return OptionalLong.empty();
        }
        BigInteger v = new BigInteger(s.strip().replace("+", ""));
        return OptionalLong.of(v.bitLength() < 64 ? v.longValue() : v.signum() < 0 ? Long.MIN_VALUE : Long.MAX_VALUE);
    }

    /** sscanf(s, "%lx%c", ...) == 1 for a text starting "0x": the hex digits to the end, ULONG_MAX on overflow. */
    static OptionalLong scanHex(String s) {
        if (!HEX_INT.matcher(s).matches()) {
            return OptionalLong.empty();
        }
        if (s.length() == 2) {
            return OptionalLong.of(0);
        }
        BigInteger v = new BigInteger(s.substring(2), 16);
        return OptionalLong.of(v.compareTo(ULONG_MAX) > 0 ? -1L : v.longValue());
    }

    /** sscanf(s, "%lf%c", ...) == 1 for a text starting with a digit: a whole decimal or hex float. */
    static OptionalDouble scanDouble(String s) {
        if (DECIMAL_FLOAT.matcher(s).matches()) {
            return OptionalDouble.of(Double.parseDouble(s));
        }
        if (HEX_FLOAT.matcher(s).matches()) {
            String h = s.indexOf('p') < 0 && s.indexOf('P') < 0 ? s + "p0" : s;
            return OptionalDouble.of(Double.parseDouble(h.startsWith("0x.") || h.startsWith("0X.") ? "0x0" + h.substring(2) : h));
        }
        return OptionalDouble.empty();
    }

    /** json_tokener_parse_double: strtod must take the whole text. */
    static OptionalDouble strtodWhole(String s) {
        return STRTOD.matcher(s).matches() ? OptionalDouble.of(Double.parseDouble(s)) : OptionalDouble.empty();
    }
}
