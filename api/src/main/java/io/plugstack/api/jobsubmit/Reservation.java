package io.plugstack.api.jobsubmit;

import java.util.List;

/**
 * An advanced reservation as slurmctld's slurmctld_resv_t gives it to job_submit plugins (job_submit/lua's
 * {@code slurm.reservations}) and to {@code scontrol show reservation}. Lists are empty when the
 * reservation names none; times are epoch seconds.
 *
 * @param name      ReservationName
 * @param startTime StartTime
 * @param endTime   EndTime (StartTime + Duration when Duration was given)
 * @param duration  Duration in minutes as given; NO_VAL when EndTime was given instead (as slurmctld keeps it)
 * @param nodeList  the reserved nodes (Nodes=), null when it reserves none
 * @param nodeCnt   how many nodes
 * @param coreCnt   how many cores (CPUs) they have
 * @param features  Features, null when unset
 * @param partition PartitionName, null when unset
 * @param flags     reservation flag bits (RESERVE_FLAG_*)
 * @param users     Users= (names)
 * @param accounts  Accounts=
 * @param licenses  Licenses=, null when unset
 */
public record Reservation(String name, long startTime, long endTime, long duration, String nodeList, long nodeCnt,
        long coreCnt, String features, String partition, long flags, List<String> users, List<String> accounts,
        String licenses) {

    /**
     * A reservation; the lists are copied.
     *
     * @param name      ReservationName
     * @param startTime StartTime
     * @param endTime   EndTime
     * @param duration  Duration in minutes, or NO_VAL
     * @param nodeList  the reserved nodes, or null
     * @param nodeCnt   how many nodes
     * @param coreCnt   how many cores
     * @param features  Features, or null
     * @param partition PartitionName, or null
     * @param flags     RESERVE_FLAG_* bits
     * @param users     Users=
     * @param accounts  Accounts=
     * @param licenses  Licenses=, or null
     */
    public Reservation {
        users = List.copyOf(users);
        accounts = List.copyOf(accounts);
    }

    /**
     * Whether it is in force at {@code now}: scontrol's State=ACTIVE.
     *
     * @param now epoch seconds
     * @return true from StartTime to EndTime, both included
     */
    public boolean activeAt(long now) {
        return startTime <= now && endTime >= now;
    }
}
