package io.plugstack.cli_filter.user_defaults;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** CLI-20: home comes from the password database entry of the real uid, not from $HOME. */
class PasswdHomeTest {

    @TempDir
    Path dir;

    @Test
    void homeIsTheSixthFieldOfTheFirstPasswdEntryWithTheUid() throws IOException {
        Path passwd = Files.writeString(dir.resolve("passwd"), String.join("\n",
                "root:x:0:0:root:/root:/bin/bash",
                "+nis:x:1000:1000::/nis:/bin/sh",
                "alice:x:1000:1000:Alice,,,:/home/alice:/bin/bash",
                "alias:x:1000:1000::/home/alias:/bin/bash", ""));
        assertThat(PasswdHome.home(passwd, 1000)).contains("/home/alice");
        assertThat(PasswdHome.home(passwd, 0)).contains("/root");
        assertThat(PasswdHome.home(passwd, 1001)).isEmpty();
    }

    @Test
    void missingPasswdFileMeansUnknownHome() {
        assertThat(PasswdHome.home(dir.resolve("absent"), 0)).isEmpty();
    }

    @Test
    void realUidIsTheFirstFieldOfTheStatusUidLine() throws IOException {
        Path proc = Files.createDirectory(dir.resolve("proc"));
        Files.writeString(proc.resolve("status"), "Name:\tjava\nUid:\t1000\t0\t0\t0\nGid:\t100\t100\t100\t100\n");
        assertThat(PasswdHome.realUid(proc)).hasValue(1000);
    }

    @Test
    void withoutStatusTheOwnerOfTheProcDirectoryIsTheUid() throws IOException {
        Path proc = Files.createDirectory(dir.resolve("proc"));
        Object owner = Files.getAttribute(proc, "unix:uid");
        assertThat(PasswdHome.realUid(proc)).hasValue(((Integer) owner).longValue());
    }
}
