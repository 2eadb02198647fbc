package io.plugstack.runtime.bench.client;

import java.util.List;

import io.plugstack.runtime.bench.api.CommandIO;
import io.plugstack.api.slurm.SlurmCommand;

/** scrontab: in allocator context only init and exit run (SPANK-17); the crontab itself is not simulated. */
public final class Scrontab {
    private Scrontab() {
    }

    public static int run(Cluster c, List<String> args, CommandIO io) {
        ClientSession.Opened o = ClientSession.open(SlurmCommand.SCRONTAB, args, io, c);
        return o.stop().orElse(0);
    }
}
