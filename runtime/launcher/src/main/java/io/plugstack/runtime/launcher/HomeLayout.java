package io.plugstack.runtime.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * What a home must hold before a runtime starts on it: its settings, the feature files and the bundle
 * repository they name. Without them the framework would start with nothing to run and the launcher
 * would wait for ever, so a home that lacks any of them is refused at once, naming the home and what
 * is missing; an empty directory is made a home instead, from the distribution plugstack.jar lives in
 * (what an admin means by {@code --home /new/dir}).
 */
final class HomeLayout {

    /** The parts a home copies from the distribution; deploy/, data/ and log/ are made as the runtime runs. */
    static final List<String> PARTS = List.of("etc", "features", "system");
    static final String SETTINGS = "etc/plugstack.properties";

    private HomeLayout() {
    }

    /** Whether {@code home} is a directory with nothing in it (or does not exist yet). */
    static boolean isEmpty(Path home) throws IOException {
        if (!Files.exists(home)) {
            return true;
        }
        if (!Files.isDirectory(home)) {
            return false;
        }
        try (Stream<Path> s = Files.list(home)) {
            return s.findAny().isEmpty();
        }
    }

    /** Copies etc/, features/ and system/ of {@code distribution} into {@code home}. */
    static void initialise(Path home, Path distribution) throws IOException {
        List<String> missing = missing(distribution);
        if (!missing.isEmpty()) {
            throw new IOException("cannot initialise " + home + " from " + distribution + ": the distribution has no "
                    + String.join(", ", missing));
        }
        for (String part : PARTS) {
            copyTree(distribution.resolve(part), home.resolve(part));
        }
        linkSlurmCommands(home, distribution);
    }

    /** The distribution's script behind srun, sbatch, ... in bin/: it runs the command on the home above the link it was called by. */
    static final String SLURM_SCRIPT = "plugstack-slurm";

    /**
     * {@code bin/} of the new home: srun, sbatch, ... and plugstack-slurm as links to the distribution's script,
     * which takes the home from the link's place ({@code HOME/bin/srun} runs srun on HOME) and its jar from its
     * own. A distribution without bin/ (a bare build) gives none.
     */
    static void linkSlurmCommands(Path home, Path distribution) throws IOException {
        Path script = distribution.resolve("bin").resolve(SLURM_SCRIPT);
        if (!Files.isRegularFile(script)) {
            return;
        }
        Path target = script.toRealPath();
        Path bin = Files.createDirectories(home.resolve("bin"));
        try (Stream<Path> s = Files.list(distribution.resolve("bin"))) {
            for (Path p : (Iterable<Path>) s::iterator) {
                boolean slurmCommand = p.getFileName().toString().equals(SLURM_SCRIPT)
                        || (Files.isSymbolicLink(p) && Files.readSymbolicLink(p).getFileName().toString().equals(SLURM_SCRIPT));
                if (slurmCommand) {
                    Files.createSymbolicLink(bin.resolve(p.getFileName().toString()), target);
                }
            }
        }
    }

    /** The required parts {@code home} lacks, in the order {@link #PARTS} names them (the settings file for etc/). */
    static List<String> missing(Path home) {
        List<String> out = new ArrayList<>();
        if (!Files.isRegularFile(home.resolve(SETTINGS))) {
            out.add(SETTINGS);
        }
        for (String dir : PARTS.subList(1, PARTS.size())) {
            if (!Files.isDirectory(home.resolve(dir))) {
                out.add(dir + "/");
            }
        }
        return out;
    }

    /**
     * Refuses a home that lacks a required part, or whose settings start nothing: one message naming the
     * home and what is missing, and how to get a complete one.
     */
    static void check(Path home, RuntimeSettings settings) {
        List<String> missing = missing(home);
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("the home " + home + " is not a Plugstack home: it has no " + String.join(", ", missing)
                    + " (give --home an empty directory to make a new home there)");
        }
        if (settings.bootFeatures().isEmpty()) {
            throw new IllegalArgumentException(home.resolve(SETTINGS) + ": " + RuntimeSettings.BOOT_FEATURES
                    + " names no feature: nothing would start");
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }
}
