package io.plugstack.runtime.bench.controller;

import java.util.List;
import java.util.Optional;

import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.Reservation;
import io.plugstack.api.slurm.SlurmErrno;
import io.plugstack.api.user.UnixUsers;

/**
 * slurmctld's validate_job_resv at job creation (reservation.c): a request naming no reservation
 * passes; one naming a reservation that does not exist (or has ended and been purged) is refused with
 * ESLURM_RESERVATION_INVALID ("Requested reservation is invalid"); one whose user is not in its
 * Users and whose account is not in its Accounts with ESLURM_RESERVATION_ACCESS ("Access denied to
 * requested reservation"), _valid_job_access_resv's user and account lists (without accounting there
 * are no associations to check).
 */
final class ReservationAccess {

    private ReservationAccess() {
    }

    /** 0, or the error the request is refused with. */
    static int check(JobDescriptor d, List<Reservation> reservations) {
        String name = d.getString(io.plugstack.api.jobsubmit.JobDescField.RESERVATION);
        if (name == null || name.isEmpty()) {
            return 0;
        }
        Optional<Reservation> r = reservations.stream().filter(x -> x.name().equals(name)).findFirst();
        if (r.isEmpty()) {
            return SlurmErrno.ESLURM_RESERVATION_INVALID.code();
        }
        return allows(r.get(), d.userId(), d.account()) ? 0 : SlurmErrno.ESLURM_RESERVATION_ACCESS.code();
    }

    /** Whether the user (by uid, as slurmctld resolves Users= to uids) or the job's account is in the reservation. */
    static boolean allows(Reservation r, long uid, String account) {
        boolean user = r.users().stream().anyMatch(u -> UnixUsers.uidOf(u).map(x -> x == uid).orElse(false));
        return user || (account != null && r.accounts().contains(account));
    }
}
