package io.plugstack.runtime.node.internal;

import java.util.HashMap;
import java.util.Map;

/**
 * Who may take one more connection on a socket any user can reach: at most {@code total} at once, at most
 * {@code perUid} held by any one uid but root, and the last {@code rootReserve} for root alone. So one user
 * (or a few) holding connections, by a flood or by many pending sruns, never takes the socket from the
 * others, and root's own commands always find room. Counted by the peer's SO_PEERCRED uid at accept.
 */
final class Admission {

    /** The limits of one socket. */
    record Limits(int total, int perUid, int rootReserve, int perUidPerSecond) {
        Limits {
            if (total < 1 || perUid < 1 || rootReserve < 0 || rootReserve >= total || perUidPerSecond < 0) {
                throw new IllegalArgumentException("connection limits: total " + total + ", per uid " + perUid + ", root's reserve "
                        + rootReserve + ", per uid and second " + perUidPerSecond);
            }
        }

        /** No limit on how fast a uid connects. */
        Limits(int total, int perUid, int rootReserve) {
            this(total, perUid, rootReserve, 0);
        }

        /**
         * user.sock's default: a uid holds at most a quarter (a pending srun holds two connections, a job's
         * parallel steps one each), 64 are kept for root's own commands, and a uid opens at most 200 a second
         * after a burst of its whole share (a loop of `srun ... &` passes; a connect flood costs the daemon
         * 200 relays a second, not tens of thousands).
         */
        static final Limits USERS = new Limits(2048, 512, 64, 200);

        /** No per-uid share: a socket only root (or one trusted peer) reaches. */
        static Limits of(int total) {
            return new Limits(total, total, 0);
        }

        /**
         * {@code max_connections} and {@code max_connections_per_uid} of plugstack.node, else the framework
         * properties {@code plugstack.node.max_connections[_per_uid]}, else {@link #USERS}.
         */
        static Limits configured(Map<String, Object> properties, java.util.function.Function<String, String> framework) {
            int total = number(properties, framework, "max_connections", USERS.total());
            int perUid = number(properties, framework, "max_connections_per_uid", Math.min(USERS.perUid(), total));
            int rate = number(properties, framework, "max_connections_per_uid_per_second", USERS.perUidPerSecond());
            return new Limits(total, perUid, Math.min(USERS.rootReserve(), total / 8), rate);
        }

        private static int number(Map<String, Object> properties, java.util.function.Function<String, String> framework, String key,
                int fallback) {
            Object v = properties.get(key);
            String s = v != null ? String.valueOf(v) : framework.apply("plugstack.node." + key);
            if (s == null) {
                return fallback;
            }
            try {
                return Integer.parseInt(s.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(key + "=" + s + ": not a number");
            }
        }
    }

    private final Limits limits;
    /** A uid besides root that no per-uid share limits and that may use root's reserve (the user role on monitor.sock); -1: none. */
    private final long privileged;
    private int used;
    /** Those of uids other than root and the privileged one, which may never reach root's reserve. */
    private int usersUsed;
    private final Map<Long, Integer> byUid = new HashMap<>();
    /** Per uid: {tokens, when they were counted (nanos)}; a token per connection, perUidPerSecond back a second, up to perUid. */
    private final Map<Long, double[]> buckets = new HashMap<>();
    private final java.util.function.LongSupplier clock;

    Admission(Limits limits, long privileged) {
        this(limits, privileged, System::nanoTime);
    }

    Admission(Limits limits, long privileged, java.util.function.LongSupplier clock) {
        this.limits = limits;
        this.privileged = privileged;
        this.clock = clock;
    }

    /** Takes a token of {@code uid}'s bucket; false when it is empty (it connects faster than its rate). */
    private boolean token(long uid) {
        if (limits.perUidPerSecond() == 0) {
            return true;
        }
        long now = clock.getAsLong();
        double[] b = buckets.computeIfAbsent(uid, k -> new double[] {limits.perUid(), now});
        b[0] = Math.min(limits.perUid(), b[0] + (now - (long) b[1]) / 1e9 * limits.perUidPerSecond());
        b[1] = now;
        if (b[0] < 1) {
            return false;
        }
        b[0]--;
        return true;
    }

    Limits limits() {
        return limits;
    }

    /** Takes a slot for {@code uid}; null when taken, else why not (the caller then {@link #release}s nothing). */
    synchronized String admit(long uid) {
        if (used >= limits.total()) {
            return limits.total() + " connections already served";
        }
        if (!exempt(uid)) {
            if (usersUsed >= limits.total() - limits.rootReserve()) {
                return (limits.total() - limits.rootReserve()) + " connections already served to users (the rest is root's)";
            }
            int mine = byUid.getOrDefault(uid, 0);
            if (mine >= limits.perUid()) {
                return "uid " + uid + " already holds " + mine + " connections (at most " + limits.perUid() + " per uid)";
            }
            if (!token(uid)) {
                return "uid " + uid + " opens connections faster than " + limits.perUidPerSecond() + " a second";
            }
            byUid.put(uid, mine + 1);
            usersUsed++;
        }
        used++;
        return null;
    }

    /** Gives back the slot {@link #admit} took for {@code uid}. */
    synchronized void release(long uid) {
        used--;
        if (!exempt(uid)) {
            usersUsed--;
            byUid.computeIfPresent(uid, (k, n) -> n <= 1 ? null : n - 1);
        }
    }

    /** {@return how many connections {@code uid} holds now} */
    synchronized int held(long uid) {
        return exempt(uid) ? 0 : byUid.getOrDefault(uid, 0);
    }

    private boolean exempt(long uid) {
        return uid == 0 || uid == privileged;
    }
}
