package io.plugstack.runtime.launcher;

import java.nio.file.Path;

/** A process that takes a home's lock, says so on stdout, and holds it until it is killed or its stdin closes. */
public final class HomeLockHolder {

    private HomeLockHolder() {
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(args[0]);
        try (HomeLock lock = HomeLock.acquire(home, home.resolve("data"))) {
            System.out.println("locked");
            System.out.flush();
            System.in.read();
        }
    }
}
