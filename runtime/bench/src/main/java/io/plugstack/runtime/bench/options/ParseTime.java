package io.plugstack.runtime.bench.options;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.OptionalLong;

/**
 * Slurm's parse_time (22.05 src/common/parse_time.c), line for line: what --begin, a reservation's
 * StartTime and scontrol's time values accept. {@code now}, {@code now+N<unit>} (units spelled out:
 * seconds, minutes, hours, days, weeks; "now+1h" is invalid as in Slurm), {@code today}, {@code tomorrow},
 * {@code midnight}, {@code noon}, {@code fika}, {@code teatime}, {@code HH:MM[:SS][am|pm]} (the soonest such
 * time), {@code MMDD[YY]}, {@code MM/DD[/YY]}, {@code YYYY-MM-DD[THH:MM[:SS]]}, {@code uts<epoch>}, combined as
 * Slurm combines them. Its quirks are kept: an index that goes astray after "now" in the middle of the text
 * gives what Slurm gives.
 */
final class ParseTime {

    private ParseTime() {
    }

    private record Unit(String name, long multiplier) {
    }

    private static final Unit[] UNITS = {new Unit("seconds", 1), new Unit("second", 1), new Unit("minutes", 60), new Unit("minute", 60),
        new Unit("hours", 3600), new Unit("hour", 3600), new Unit("days", 86400), new Unit("day", 86400), new Unit("weeks", 604800),
        new Unit("week", 604800)};

    /** Mutable parse state, as the C function's locals. */
    private static final class State {
        final String s;
        int pos;
        int hour = -1;
        int minute = -1;
        int second;
        int month = -1;
        int mday = -1;
        int year = -1;

        State(String s) {
            this.s = s;
        }

        /** The C string's character: NUL past the end. */
        char at(int i) {
            return i >= 0 && i < s.length() ? s.charAt(i) : '\0';
        }

        boolean word(int i, String w) {
            return i >= 0 && s.regionMatches(true, i, w, 0, w.length());
        }

        void date(LocalDateTime t) {
            month = t.getMonthValue() - 1;
            mday = t.getDayOfMonth();
            year = t.getYear() - 1900;
        }
    }

    /**
     * @param text the time string
     * @param now  the current time, epoch seconds
     * @param zone the local time zone (slurm_mktime's)
     * @param past whether a time without a date means the latest past one (Slurm's {@code past} argument)
     * @return epoch seconds; 0 when nothing was specified (Slurm's 0); empty when invalid ("Invalid time specification")
     */
    static OptionalLong parse(String text, long now, ZoneId zone, boolean past) {
        if (text.regionMatches(true, 0, "uts", 0, 3)) {
            try {
                long uts = Long.parseLong(text.substring(3));
                return uts < 1000000 ? OptionalLong.empty() : OptionalLong.of(uts);
            } catch (NumberFormatException e) {
                return OptionalLong.empty();
            }
        }
        LocalDateTime nowTm = LocalDateTime.ofInstant(Instant.ofEpochSecond(now), zone);
        State st = new State(text);
        for (st.pos = 0; st.at(st.pos) != '\0' && st.at(st.pos) != '\n'; st.pos++) {
            char c = st.at(st.pos);
            if (c == ' ' || c == '\t' || c == '-' || c == 'T') {
                continue;
            }
            if (st.word(st.pos, "today")) {
                st.date(nowTm);
                st.pos += 4;
            } else if (st.word(st.pos, "tomorrow")) {
                st.date(nowTm.plusDays(1));
                st.pos += 7;
            } else if (st.word(st.pos, "midnight")) {
                clock(st, 0, 7);
            } else if (st.word(st.pos, "noon")) {
                clock(st, 12, 3);
            } else if (st.word(st.pos, "fika")) {
                clock(st, 15, 3);
            } else if (st.word(st.pos, "teatime")) {
                clock(st, 16, 6);
            } else if (st.word(st.pos, "now")) {
                if (!now(st, now, zone)) {
                    return OptionalLong.empty();
                }
            } else if (c < '0' || c > '9') {
                return OptionalLong.empty();
            } else if (st.at(st.pos + 1) == ':' || st.at(st.pos + 2) == ':') {
                if (!time(st)) {
                    return OptionalLong.empty();
                }
            } else if (!date(st)) {
                return OptionalLong.empty();
            }
        }
        return OptionalLong.of(resolve(st, nowTm, zone, past));
    }

    private static void clock(State st, int hour, int skip) {
        st.hour = hour;
        st.minute = 0;
        st.second = 0;
        st.pos += skip;
    }

    /** "now", "now+N unit", "now-N unit" at st.pos. */
    private static boolean now(State st, long now, ZoneId zone) {
        long delta = 0;
        for (int i = st.pos + 3;; i++) {
            char c = st.at(i);
            if (c == '+' || c == '-') {
                st.pos += i; // parse_time.c's own arithmetic
                OptionalLong d = delta(st);
                if (d.isEmpty()) {
                    return false;
                }
                delta = c == '+' ? d.getAsLong() : -d.getAsLong();
                break;
            }
            if (c == ' ' || c == '\t') {
                continue;
            }
            if (c == '\0' || c == '\n') {
                st.pos += i - 1;
                break;
            }
            st.pos += i;
            return false;
        }
        LocalDateTime later = LocalDateTime.ofInstant(Instant.ofEpochSecond(now + delta), zone);
        st.date(later);
        st.hour = later.getHour();
        st.minute = later.getMinute();
        st.second = later.getSecond();
        return true;
    }

    /** _get_delta: digits and one unit name after the sign at st.pos. */
    private static OptionalLong delta(State st) {
        long cnt = 0;
        int digits = 0;
        int offset;
        for (offset = st.pos + 1; st.at(offset) != '\0' && st.at(offset) != '\n'; offset++) {
            char c = st.at(offset);
            if (Character.isWhitespace(c)) {
                continue;
            }
            Unit unit = null;
            for (Unit u : UNITS) {
                if (st.word(offset, u.name())) {
                    unit = u;
                    break;
                }
            }
            if (unit != null) {
                offset += unit.name().length();
                cnt *= unit.multiplier();
                break;
            }
            if (c >= '0' && c <= '9') {
                cnt = cnt * 10 + (c - '0');
                digits++;
                continue;
            }
            return OptionalLong.empty();
        }
        if (digits == 0) {
            return OptionalLong.empty();
        }
        st.pos = offset - 1;
        return OptionalLong.of(cnt);
    }

    private static int digit(State st, int i) {
        char c = st.at(i);
        return c >= '0' && c <= '9' ? c - '0' : -1;
    }

    /** _get_time: HH:MM[:SS] [am|pm]. */
    private static boolean time(State st) {
        int offset = st.pos;
        int hr = digit(st, offset++);
        if (hr < 0) {
            return false;
        }
        if (st.at(offset) != ':') {
            int d = digit(st, offset++);
            if (d < 0) {
                return false;
            }
            hr = hr * 10 + d;
        }
        if (hr > 23 || st.at(offset) != ':') {
            return false;
        }
        offset++;
        int m1 = digit(st, offset++);
        int m2 = m1 < 0 ? -1 : digit(st, offset++);
        if (m2 < 0 || m1 * 10 + m2 > 59) {
            return false;
        }
        int sec = 0;
        if (st.at(offset) == ':') {
            offset++;
            int s1 = digit(st, offset++);
            int s2 = s1 < 0 ? -1 : digit(st, offset++);
            if (s2 < 0 || s1 * 10 + s2 > 59) {
                return false;
            }
            sec = s1 * 10 + s2;
        }
        while (Character.isWhitespace(st.at(offset))) {
            offset++;
        }
        if (st.word(offset, "pm")) {
            hr += 12;
            if (hr > 23) {
                if (hr != 24) {
                    return false;
                }
                hr = 12;
            }
            offset += 2;
        } else if (st.word(offset, "am")) {
            if (hr > 11) {
                if (hr != 12) {
                    return false;
                }
                hr = 0;
            }
            offset += 2;
        }
        st.pos = offset - 1;
        st.hour = hr;
        st.minute = m1 * 10 + m2;
        st.second = sec;
        return true;
    }

    /** _get_date: YYYY-MM-DD, or MM[./]DD[[./]YY]. */
    private static boolean date(State st) {
        int[] at = {st.pos};
        if (st.s.length() >= st.pos + 7 && st.at(st.pos + 4) == '-' && st.at(st.pos + 7) == '-') {
            int yr = 0;
            for (int k = 0; k < 4; k++) {
                int d = digit(st, at[0]++);
                if (d < 0) {
                    return false;
                }
                yr = yr * 10 + d;
            }
            at[0]++; // the '-'
            int mon = dateField(st, at, false, 1, 12);
            if (mon < 0) {
                return false;
            }
            at[0]++; // the '-'
            int day = dateField(st, at, true, 1, 31);
            return day >= 0 && dated(st, at[0], mon, day, yr - 1900);
        }
        int mon = dateField(st, at, false, 1, 12);
        if (mon < 0) {
            return false;
        }
        skipDateSeparator(st, at);
        int day = dateField(st, at, true, 1, 31);
        if (day < 0) {
            return false;
        }
        skipDateSeparator(st, at);
        int yr = 0;
        if (digit(st, at[0]) >= 0) {
            yr = digit(st, at[0]++);
            int d = digit(st, at[0]++);
            if (d < 0) {
                return false;
            }
            yr = yr * 10 + d;
        }
        return dated(st, at[0], mon, day, yr != 0 ? yr + 100 : st.year);
    }

    /**
     * _get_date's month or day at {@code at[0]}, which it moves past: one digit or two, within lo..hi (else -1). A
     * month's first character is taken as a digit unchecked, as the C code takes it; a day's must be one.
     */
    private static int dateField(State st, int[] at, boolean checkFirst, int lo, int hi) {
        int v = checkFirst ? digit(st, at[0]) : st.at(at[0]) - '0';
        at[0]++;
        if (checkFirst && v < 0) {
            return -1;
        }
        if (digit(st, at[0]) >= 0) {
            v = v * 10 + digit(st, at[0]++);
        }
        return v < lo || v > hi ? -1 : v;
    }

    private static void skipDateSeparator(State st, int[] at) {
        if (st.at(at[0]) == '.' || st.at(at[0]) == '/') {
            at[0]++;
        }
    }

    /** The date read, up to {@code end}: parse_time's loop goes on after it. */
    private static boolean dated(State st, int end, int mon, int day, int year) {
        st.pos = end - 1;
        st.month = mon - 1;
        st.mday = day;
        st.year = year;
        return true;
    }

    /** What parse_time does once the text is read: fill in what was not given, then slurm_mktime. */
    private static long resolve(State st, LocalDateTime nowTm, ZoneId zone, boolean past) {
        int nowMon = nowTm.getMonthValue() - 1;
        int nowDay = nowTm.getDayOfMonth();
        if (st.hour == -1 && st.month == -1) {
            return 0; // nothing specified
        } else if (st.hour == -1) {
            st.hour = 0;
            st.minute = 0;
        } else if (st.month == -1) {
            if (past || st.hour > nowTm.getHour() || (st.hour == nowTm.getHour() && st.minute > nowTm.getMinute())) {
                st.date(nowTm);
            } else {
                st.date(nowTm.plusDays(1));
            }
        }
        if (st.year == -1) {
            int thisYear = nowTm.getYear() - 1900;
            if (past) {
                st.year = st.month > nowMon ? thisYear - 1 : thisYear;
            } else if (st.month > nowMon || (st.month == nowMon && st.mday > nowDay)
                    || (st.month == nowMon && st.mday == nowDay && st.hour > nowTm.getHour())
                    || (st.month == nowMon && st.mday == nowDay && st.hour == nowTm.getHour() && st.minute > nowTm.getMinute())) {
                st.year = thisYear;
            } else {
                st.year = thisYear + 1;
            }
        }
        // mktime normalises: the 31st of a 30-day month is the 1st of the next
        LocalDateTime t = LocalDate.of(st.year + 1900, st.month + 1, 1).plusDays(st.mday - 1L).atTime(st.hour, st.minute, st.second);
        return t.atZone(zone).toEpochSecond();
    }
}
