package io.plugstack.job_submit.lua;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

import io.plugstack.api.jobsubmit.Reservation;
import party.iroiro.luajava.Lua;

/**
 * {@code slurm.reservations} (_update_resvs_global): every reservation slurmctld knows, keyed by name,
 * each a read-only proxy with _resv_field's fields (job_submit_lua.c; the same list in Slurm's source
 * from 17.x to the current master, hence 25.11): accounts, assoc_list, duration, end_time, features,
 * flags, full_nodes, flags_set_node, licenses, node_cnt, node_list, partition, start_time, users.
 * Without accounting there is no association list (assoc_list nil); the bench reserves whole nodes
 * (full_nodes true) and sets no node flags (flags_set_node false).
 */
final class ReservationTable {

    static final String META = "plugstack.resv";

    private static final Map<String, Function<Reservation, Object>> FIELDS = Map.ofEntries(
            Map.entry("accounts", r -> joined(r.accounts())),
            Map.entry("assoc_list", r -> null),
            Map.entry("duration", Reservation::duration),
            Map.entry("end_time", Reservation::endTime),
            Map.entry("features", Reservation::features),
            Map.entry("flags", Reservation::flags),
            Map.entry("full_nodes", r -> Boolean.TRUE),
            Map.entry("flags_set_node", r -> Boolean.FALSE),
            Map.entry("licenses", Reservation::licenses),
            Map.entry("node_cnt", Reservation::nodeCnt),
            Map.entry("node_list", Reservation::nodeList),
            Map.entry("partition", Reservation::partition),
            Map.entry("start_time", Reservation::startTime),
            Map.entry("users", r -> joined(r.users())));

    private final RecordProxies<Reservation> proxies = RecordProxies.of(META, FIELDS);

    void install(Lua L) {
        proxies.install(L);
    }

    /** Sets slurm.reservations before a call, as Slurm refreshes it before each. */
    void set(Lua L, List<Reservation> reservations) {
        proxies.clear();
        proxies.setGlobalTable(L, "reservations", reservations, Reservation::name);
    }

    private static String joined(List<String> names) {
        return names.isEmpty() ? null : String.join(",", names);
    }
}
