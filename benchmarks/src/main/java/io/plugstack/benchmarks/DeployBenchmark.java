package io.plugstack.benchmarks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Properties;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.osgi.framework.AllServiceListener;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceEvent;

import io.plugstack.runtime.launcher.Launcher;
import io.plugstack.runtime.launcher.RuntimeSettings;

/**
 * Hot-deploy latency: from a plugin jar being renamed into deploy/ to its plugin service being
 * registered (FileInstall picks it up, the resolver hook checks it, SCR activates it). Between
 * trials the jar is removed and a random wait of up to one poll keeps drops off the scan phase.
 */
final class DeployBenchmark {
    private static final String SPANK_PLUGIN = "io.plugstack.api.spank.SpankPlugin";

    private DeployBenchmark() {
    }

    static Stats run(int runs, int pollMs) throws Exception {
        Path dist = Homes.dist();
        Path plugin = Homes.demoJar(dist);
        Path tmp = Files.createTempDirectory("plugstack-deploy");
        Path home = Homes.copy(dist, tmp.resolve("home"), false);
        Properties p = new Properties();
        p.setProperty("gosh.args", "--nointeractive");
        p.setProperty("felix.fileinstall.poll", String.valueOf(pollMs));
        Launcher launcher = new Launcher(RuntimeSettings.load(home, p));
        double[] ms = new double[runs];
        try {
            launcher.start();
            BundleContext ctx = launcher.framework().getBundleContext();
            BlockingQueue<Long> registered = new LinkedBlockingQueue<>();
            BlockingQueue<Long> unregistered = new LinkedBlockingQueue<>();
            ctx.addServiceListener((AllServiceListener) e -> {
                if (e.getType() == ServiceEvent.REGISTERED) {
                    registered.add(System.nanoTime());
                } else if (e.getType() == ServiceEvent.UNREGISTERING) {
                    unregistered.add(System.nanoTime());
                }
            }, "(objectClass=" + SPANK_PLUGIN + ")");
            Path deploy = launcher.framework().getBundleContext().getProperty("felix.fileinstall.dir") == null
                    ? home.resolve("deploy") : Path.of(ctx.getProperty("felix.fileinstall.dir"));
            Path staged = tmp.resolve("staged.jar");
            Path target = deploy.resolve(plugin.getFileName().toString());
            for (int i = 0; i < runs; i++) {
                Thread.sleep(ThreadLocalRandom.current().nextInt(pollMs + 1));
                Files.copy(plugin, staged, StandardCopyOption.REPLACE_EXISTING);
                long start = System.nanoTime();
                Files.move(staged, target, StandardCopyOption.ATOMIC_MOVE);
                Long at = registered.poll(30, TimeUnit.SECONDS);
                if (at == null) {
                    throw new IllegalStateException("plugin service not registered within 30 s");
                }
                ms[i] = (at - start) / 1e6;
                Files.delete(target);
                if (unregistered.poll(30, TimeUnit.SECONDS) == null) {
                    throw new IllegalStateException("plugin service not unregistered within 30 s");
                }
                Thread.sleep(pollMs * 3L); // FileInstall finishes the uninstall
            }
        } finally {
            launcher.stop();
            Homes.delete(tmp);
        }
        return Stats.of(ms);
    }
}
