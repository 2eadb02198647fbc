package io.plugstack.runtime.bench.options;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;

import io.plugstack.api.slurm.NoVal;

/** Slurm's time strings: --time/--time-min (time_str2mins) and --begin. */
public final class SlurmTime {
    private SlurmTime() {
    }

    /**
     * Minutes from "minutes", "minutes:seconds", "hours:minutes:seconds", "days-hours",
     * "days-hours:minutes", "days-hours:minutes:seconds"; "INFINITE"/"UNLIMITED"/"-1" give INFINITE.
     * Seconds round up to a whole minute, as Slurm does.
     *
     * @throws IllegalArgumentException for anything else
     */
    public static long minutes(String text) {
        String s = text.trim();
        if (s.equalsIgnoreCase("infinite") || s.equalsIgnoreCase("unlimited") || s.equals("-1")) {
            return NoVal.INFINITE;
        }
        if (!s.matches("\\d+(-\\d+)?(:\\d+){0,2}")) {
            throw new IllegalArgumentException("Invalid time limit specification");
        }
        long days = 0;
        String rest = s;
        int dash = s.indexOf('-');
        if (dash >= 0) {
            days = Long.parseLong(s.substring(0, dash));
            rest = s.substring(dash + 1);
        }
        String[] p = rest.split(":");
        long h = 0;
        long m = 0;
        long sec = 0;
        if (dash >= 0) {
            h = Long.parseLong(p[0]);
            m = p.length > 1 ? Long.parseLong(p[1]) : 0;
            sec = p.length > 2 ? Long.parseLong(p[2]) : 0;
        } else if (p.length == 1) {
            m = Long.parseLong(p[0]);
        } else if (p.length == 2) {
            m = Long.parseLong(p[0]);
            sec = Long.parseLong(p[1]);
        } else {
            h = Long.parseLong(p[0]);
            m = Long.parseLong(p[1]);
            sec = Long.parseLong(p[2]);
        }
        return days * 1440 + h * 60 + m + (sec > 0 ? 1 : 0);
    }

    /** --begin: "now", "now+N[seconds|minutes|hours|days]" (N alone = seconds), or YYYY-MM-DD[THH:MM[:SS]]. */
    public static long epochSeconds(String text, long now) {
        String s = text.trim();
        if (s.equals("now")) {
            return now;
        }
        if (s.startsWith("now+")) {
            String n = s.substring(4);
            String digits = n.replaceAll("[a-z]+$", "");
            String unit = n.substring(digits.length());
            long v;
            try {
                v = Long.parseLong(digits);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("Invalid time specification " + text);
            }
            long mult = switch (unit) {
                case "", "s", "seconds" -> 1;
                case "m", "minutes" -> 60;
                case "h", "hours" -> 3600;
                case "d", "days" -> 86400;
                case "w", "weeks" -> 604800;
                default -> throw new IllegalArgumentException("Invalid time specification " + text);
            };
            return now + v * mult;
        }
        try {
            String iso = s.length() == 10 ? s + "T00:00:00" : s.length() == 16 ? s + ":00" : s;
            return LocalDateTime.parse(iso).atZone(ZoneId.systemDefault()).toEpochSecond();
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("Invalid time specification " + text);
        }
    }
}
