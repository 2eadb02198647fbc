package io.plugstack.runtime.bench.options;

import java.time.ZoneId;

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

    /**
     * --begin, a reservation's StartTime/EndTime: Slurm's parse_time ({@link ParseTime}) in this machine's time
     * zone, a time without a date being the soonest one to come.
     *
     * @throws IllegalArgumentException "Invalid time specification TEXT" where Slurm's parse_time fails, or
     *                                  nothing is specified (Slurm's 0, which its callers refuse)
     */
    public static long epochSeconds(String text, long now) {
        java.util.OptionalLong t = ParseTime.parse(text, now, ZoneId.systemDefault(), false);
        if (t.isEmpty() || t.getAsLong() == 0) {
            throw new IllegalArgumentException("Invalid time specification " + text);
        }
        return t.getAsLong();
    }
}
