package io.plugstack.runtime.bench.options;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;

import io.plugstack.api.slurm.NoVal;
import io.plugstack.api.slurm.TimeStr;

/** Slurm's time strings (parse_time.c): --time/--time-min (time_str2mins), --begin, and durations as Slurm prints them. */
public final class SlurmTime {
    private SlurmTime() {
    }

    /** --time/--time-min in minutes (time_str2mins, {@link TimeStr#minutes}). */
    public static long minutes(String text) {
        return TimeStr.minutes(text);
    }

    /** parse_time.c secs2time_str: [days-]HH:MM:SS (scontrol's RunTime, a reservation's Duration). */
    public static String secsToTimeStr(long seconds) {
        long d = seconds / 86400;
        String hms = String.format("%02d:%02d:%02d", seconds / 3600 % 24, seconds / 60 % 60, seconds % 60);
        return d > 0 ? d + "-" + hms : hms;
    }

    /** parse_time.c mins2time_str: "UNLIMITED" for INFINITE, else {@link #secsToTimeStr} of the minutes. */
    public static String minsToTimeStr(long minutes) {
        return minutes == NoVal.INFINITE ? "UNLIMITED" : secsToTimeStr(minutes * 60);
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
