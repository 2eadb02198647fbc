package io.plugstack.runtime.bench.internal;

import java.util.List;

import io.plugstack.runtime.bench.api.CommandIO;
import io.plugstack.api.slurm.SlurmCommand;

/** scrontab: in allocator context only init and exit run (SPANK-17); the crontab itself is not simulated. */
final class Scrontab {
    private Scrontab() {
    }

    static int run(Cluster c, List<String> args, CommandIO io) {
        ClientSession.Opened o = ClientSession.open(SlurmCommand.SCRONTAB, args, io, c);
        return o.stop().orElse(0);
    }
}
