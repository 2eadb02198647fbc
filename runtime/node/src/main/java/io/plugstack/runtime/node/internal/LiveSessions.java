package io.plugstack.runtime.node.internal;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The users the root role is relaying a user.sock connection for right now, by uid and gid: the only
 * users the monitor will act for. A compromised user role can therefore act only as a user who is using
 * the node at that moment, never as root or anyone else.
 */
final class LiveSessions {

    private final Map<RelayedPeer, AtomicInteger> open = new ConcurrentHashMap<>();

    void opened(RelayedPeer peer) {
        open.computeIfAbsent(peer, p -> new AtomicInteger()).incrementAndGet();
    }

    void closed(RelayedPeer peer) {
        open.computeIfPresent(peer, (p, n) -> n.decrementAndGet() <= 0 ? null : n);
    }

    boolean live(long uid, long gid) {
        return open.containsKey(new RelayedPeer(uid, gid));
    }
}
