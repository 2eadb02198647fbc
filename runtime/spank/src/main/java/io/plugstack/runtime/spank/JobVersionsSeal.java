package io.plugstack.runtime.spank;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Optional;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The job's plugin versions as node daemons write them, so that a user cannot choose them: the set is
 * carried in variables the user controls ({@link JobPluginVersions}), so it is sealed with an HMAC-SHA256
 * of a key only the node daemons hold ({@code etc/versions.key}, copied to every node as munge.key is) and
 * the time it was chosen. A set that is not sealed, sealed with another key, or older than its maximum
 * age is not believed: the stack gets the node's own choice, with one line saying why.
 * <p>
 * Sealed form: {@code symbolic-name@version,...;t=<epoch seconds>;mac=<64 hex>}.
 */
public final class JobVersionsSeal {

    /** The framework property naming the key file; by default {@code <home>/etc/versions.key}. */
    public static final String KEY_PROPERTY = "plugstack.versions.key";
    /** The framework property: how many days a sealed set is believed (a job pending or running longer gets the node's choice). */
    public static final String MAX_AGE_PROPERTY = "plugstack.versions.max_age_days";
    static final Duration DEFAULT_MAX_AGE = Duration.ofDays(30);
    static final int KEY_BYTES = 32;
    private static final String DOMAIN = "plugstack-job-versions-v1\n";

    private final byte[] key;
    private final Duration maxAge;
    private final boolean fromFile;

    private JobVersionsSeal(byte[] key, Duration maxAge, boolean fromFile) {
        this.key = key;
        this.maxAge = maxAge;
        this.fromFile = fromFile;
    }

    /** {@return whether the key is the node daemons' shared one (a file), not this process's own} */
    public boolean fromFile() {
        return fromFile;
    }

    /** The file of the key: {@value #KEY_PROPERTY}, else {@code etc/versions.key} of the runtime's home. */
    public static Path keyFile(java.util.function.Function<String, String> properties) {
        String configured = properties.apply(KEY_PROPERTY);
        return configured != null ? Path.of(configured)
                : io.plugstack.api.plugin.RuntimeHome.of(properties::apply).etc().resolve("versions.key");
    }

    /**
     * Lets the group {@code gid} read the key (a node daemon's user role, which seals what srun and sbatch
     * choose), and nobody else: mode 0640, owner unchanged.
     */
    public static void shareWith(Path file, long gid) throws IOException {
        Files.setAttribute(file, "unix:gid", (int) gid, LinkOption.NOFOLLOW_LINKS);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r-----"));
    }

    /** A seal with a key of this process alone: for a single runtime (tests, a bench that serves no node). */
    public static JobVersionsSeal ephemeral() {
        byte[] k = new byte[KEY_BYTES];
        new SecureRandom().nextBytes(k);
        return new JobVersionsSeal(k, DEFAULT_MAX_AGE, false);
    }

    /**
     * The key in {@code file}, made (random, mode 0600, this process's) when missing and {@code create}.
     *
     * @throws IOException when it cannot be read or made, or is not {@value #KEY_BYTES} bytes or more
     */
    public static JobVersionsSeal load(Path file, boolean create, Duration maxAge) throws IOException {
        if (create && !Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            byte[] k = new byte[KEY_BYTES];
            new SecureRandom().nextBytes(k);
            // written whole beside it, then linked into place: a reader never sees an empty or half key
            Path tmp = Files.createTempFile(file.getParent(), ".versions.key", ".tmp",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            try {
                Files.write(tmp, HexFormat.of().formatHex(k).concat("\n").getBytes(StandardCharsets.US_ASCII));
                Files.createLink(file, tmp);
                io.plugstack.runtime.spi.log.RuntimeLog.stream().println("plugstack: spank: made a new jobs' versions key " + file
                        + ": copy it to every node of the cluster, as munge.key, or jobs' versions are believed on this node only");
            } catch (FileAlreadyExistsException raced) {
                // another process made it first: read theirs
            } finally {
                Files.deleteIfExists(tmp);
            }
        }
        java.util.Set<java.nio.file.attribute.PosixFilePermission> mode = Files.getPosixFilePermissions(file);
        if (mode.contains(java.nio.file.attribute.PosixFilePermission.OTHERS_READ)
                || mode.contains(java.nio.file.attribute.PosixFilePermission.OTHERS_WRITE)
                || mode.contains(java.nio.file.attribute.PosixFilePermission.GROUP_WRITE)) {
            throw new IOException(file + ": mode " + PosixFilePermissions.toString(mode) + ": any user could read or change it and"
                    + " choose a job's plugin versions; chmod 0600 (0640 for the user role's group)");
        }
        byte[] k;
        try {
            k = HexFormat.of().parseHex(Files.readString(file, StandardCharsets.US_ASCII).strip());
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": not a hex key: " + e.getMessage());
        }
        if (k.length < KEY_BYTES) {
            throw new IOException(file + ": a key of " + k.length + " bytes (at least " + KEY_BYTES + ")");
        }
        return new JobVersionsSeal(k, maxAge, true);
    }

    /** {@code versions} sealed at {@code now}. */
    public String seal(JobPluginVersions versions, Instant now) {
        return seal(versions.format(), now);
    }

    /** The set {@code set} ({@code symbolic-name@version,...} as written) sealed at {@code now}. */
    public String seal(String set, Instant now) {
        long t = now.getEpochSecond();
        return set + ";t=" + t + ";mac=" + HexFormat.of().formatHex(mac(set, t));
    }

    /** What a carried value says, once its seal is checked: the set and when it was sealed, or why it is not believed. */
    public record Opened(Optional<String> set, String whyNot, Instant sealedAt) {
        Opened(Optional<String> set, String whyNot) {
            this(set, whyNot, null);
        }
    }

    /** Checks {@code value}'s seal at {@code now}. */
    public Opened open(String value, Instant now) {
        int tAt = value.lastIndexOf(";t=");
        int macAt = value.lastIndexOf(";mac=");
        if (tAt < 0 || macAt < tAt) {
            return new Opened(Optional.empty(), "not sealed by a node daemon");
        }
        String set = value.substring(0, tAt);
        long t;
        byte[] given;
        try {
            t = Long.parseLong(value.substring(tAt + 3, macAt));
            given = HexFormat.of().parseHex(value.substring(macAt + 5));
        } catch (IllegalArgumentException e) {
            return new Opened(Optional.empty(), "a malformed seal");
        }
        if (!MessageDigest.isEqual(given, mac(set, t))) {
            return new Opened(Optional.empty(), "its seal does not match (another key, or changed)");
        }
        Duration age = Duration.between(Instant.ofEpochSecond(t), now);
        if (age.compareTo(maxAge) > 0) {
            return new Opened(Optional.empty(), "sealed " + age.toDays() + " days ago (believed for " + maxAge.toDays() + ")");
        }
        return new Opened(Optional.of(set), "", Instant.ofEpochSecond(t));
    }

    private byte[] mac(String set, long t) {
        try {
            Mac m = Mac.getInstance("HmacSHA256");
            m.init(new SecretKeySpec(key, "HmacSHA256"));
            return m.doFinal((DOMAIN + t + "\n" + set).getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every Java 17", e);
        }
    }
}
