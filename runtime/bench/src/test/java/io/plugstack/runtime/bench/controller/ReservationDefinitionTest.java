package io.plugstack.runtime.bench.controller;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.Reservation;
import io.plugstack.api.slurm.NoVal;
import io.plugstack.api.slurm.SlurmErrno;
import io.plugstack.api.slurm.SlurmLog;

/** Reservations from their .cfg files, and a request naming one refused or accepted as validate_job_resv decides. */
class ReservationDefinitionTest {

    private static final String FILE = "/opt/plugstack/deploy/plugstack.reservation-maint.cfg";
    private static final long NOW = 1_800_000_000L;

    private final List<String> lines = new ArrayList<>();
    private final SlurmLog log = (level, message) -> lines.add(level + " " + message);
    private final List<ReservationDefinition> services = new ArrayList<>();

    private ReservationDefinition.Configured configured(String... keyValues) {
        Map<String, Object> c = new HashMap<>();
        c.put("felix.fileinstall.filename", "file:" + FILE);
        c.put("ReservationName", "maint");
        for (int i = 0; i < keyValues.length; i += 2) {
            c.put(keyValues[i], keyValues[i + 1]);
        }
        return new ReservationDefinition.Configured(c, d -> {
            services.add(d);
            return () -> services.remove(d);
        }, log, "node1", 4, () -> NOW);
    }

    @Test
    void aReservationHoldsTheNodeFromItsStartForItsDurationAndNamedNodesSetSpecNodes() {
        configured("Users", "root", "Duration", "60", "Nodes", "node1", "Flags", "MAINT");
        Reservation r = services.get(0).reservation();
        assertThat(r.startTime()).isEqualTo(NOW);
        assertThat(r.endTime()).isEqualTo(NOW + 3600);
        assertThat(r.duration()).isEqualTo(60);
        assertThat(r.coreCnt()).isEqualTo(4);
        assertThat(ReservationDefinition.flagsString(r.flags())).isEqualTo("MAINT,SPEC_NODES");
    }

    @Test
    void anEndTimeLeavesTheDurationUnsetAsSlurmctldKeepsIt() {
        configured("Accounts", "physics", "StartTime", "now+1hours", "EndTime", "now+3hours");
        Reservation r = services.get(0).reservation();
        assertThat(r.duration()).isEqualTo(NoVal.NO_VAL);
        assertThat(r.endTime() - r.startTime()).isEqualTo(7200);
    }

    @Test
    void aBadFlagIsOneLineNamingFileKeyAndValueAndNoReservationIsDefined() {
        configured("Users", "root", "Duration", "60", "Flags", "SOMETIMES");
        assertThat(services).isEmpty();
        assertThat(lines).singleElement().asString().contains(FILE).contains("Flags=SOMETIMES")
                .contains("reservation maint is not defined");
    }

    private static Reservation reservation(List<String> users, List<String> accounts) {
        return new Reservation("maint", NOW, NOW + 60, 1, "node1", 1, 4, null, null, 0, users, accounts, null);
    }

    private static JobDescriptor request(String reservation, long uid, String account) {
        JobDescriptor d = new JobDescriptor();
        d.setString(JobDescField.RESERVATION, reservation);
        d.setNumber(JobDescField.USER_ID, uid);
        d.setString(JobDescField.ACCOUNT, account);
        return d;
    }

    @Test
    void aRequestNamingAnUnknownReservationIsRefusedAsInvalid() {
        int rc = ReservationAccess.check(request("nosuch", 0, null), List.of(reservation(List.of("root"), List.of())));
        assertThat(SlurmErrno.strerror(rc)).isEqualTo("Requested reservation is invalid");
    }

    @Test
    void aUserOutsideTheReservationsUsersAndAccountsIsDeniedAccess() {
        Reservation r = reservation(List.of("root"), List.of("physics"));
        assertThat(SlurmErrno.strerror(ReservationAccess.check(request("maint", 4242, "chemistry"), List.of(r))))
                .isEqualTo("Access denied to requested reservation");
        assertThat(ReservationAccess.check(request("maint", 4242, "physics"), List.of(r))).as("by account").isZero();
        assertThat(ReservationAccess.check(request("maint", 0, null), List.of(r))).as("by user").isZero();
    }

    @Test
    void theControllerRefusesARequestForAnUnknownReservationBeforeCreatingAJob() {
        Controller c = ControllerTest.controller();
        c.reservations(() -> List.of(reservation(List.of("root"), List.of())));
        SubmitRequest.Answer a = c.submit(ControllerTest.request(request("nosuch", 0, null)));
        assertThat(a.rc()).isEqualTo(SlurmErrno.ESLURM_RESERVATION_INVALID.code());
        assertThat(c.jobInfos()).isEmpty();
    }

    @Test
    void anEndedReservationIsGoneAsSlurmctldPurgesIt() {
        Controller c = ControllerTest.controller();
        Reservation ended = new Reservation("old", 1000, 2000, NoVal.NO_VAL, "node1", 1, 4, null, null, 0, List.of("root"), List.of(), null);
        c.reservations(() -> List.of(ended, reservation(List.of("root"), List.of())));
        assertThat(c.reservations()).extracting(Reservation::name).containsExactly("maint");
    }
}
