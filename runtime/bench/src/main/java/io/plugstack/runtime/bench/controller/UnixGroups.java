package io.plugstack.runtime.bench.controller;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** AllowGroups= resolved as slurmctld does: the uids whose primary group or membership is one of the groups. */
final class UnixGroups {
    private UnixGroups() {
    }

    static Set<Long> uidsOf(List<String> groups, Path etc) {
        Map<String, Long> gids = new HashMap<>();
        Map<String, Set<String>> members = new HashMap<>();
        Set<Long> uids = new HashSet<>();
        try {
            for (String line : Files.readAllLines(etc.resolve("group"))) {
                String[] f = line.split(":", -1);
                if (f.length >= 4) {
                    gids.put(f[0], Long.parseLong(f[2]));
                    members.put(f[0], new HashSet<>(List.of(f[3].split(","))));
                }
            }
            Set<String> wantedUsers = new HashSet<>();
            Set<Long> wantedGids = new HashSet<>();
            for (String g : groups) {
                if (gids.containsKey(g)) {
                    wantedGids.add(gids.get(g));
                    wantedUsers.addAll(members.get(g));
                }
            }
            for (String line : Files.readAllLines(etc.resolve("passwd"))) {
                String[] f = line.split(":", -1);
                if (f.length >= 4 && (wantedUsers.contains(f[0]) || wantedGids.contains(Long.parseLong(f[3])))) {
                    uids.add(Long.parseLong(f[2]));
                }
            }
        } catch (IOException | NumberFormatException e) {
            // unreadable group database: nobody is in any group
        }
        return uids;
    }
}
