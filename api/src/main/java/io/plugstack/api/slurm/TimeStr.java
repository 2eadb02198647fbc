package io.plugstack.api.slurm;

/**
 * Slurm's time_str2mins: a time limit string in minutes. Shared by the commands' --time parsing and
 * job_submit/lua's {@code slurm.time_str2mins}.
 */
public final class TimeStr {
    private TimeStr() {
    }

    /**
     * Minutes from "minutes", "minutes:seconds", "hours:minutes:seconds", "days-hours",
     * "days-hours:minutes", "days-hours:minutes:seconds"; "INFINITE"/"UNLIMITED"/"-1" give INFINITE.
     * Seconds round up to a whole minute, as Slurm does.
     *
     * @param text the time limit as a user writes it
     * @return minutes, or {@link NoVal#INFINITE}
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
}
