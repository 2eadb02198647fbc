package io.plugstack.runtime.spank.options;

import java.util.ArrayList;
import java.util.List;

import io.plugstack.api.spank.SpankOption;
import io.plugstack.api.spank.SpankOptionCallback;

/** A callback that records "val|optarg|remote" and answers {@link #rc}. */
final class Calls implements SpankOptionCallback {

    final List<String> calls = new ArrayList<>();
    int rc;

    @Override
    public int handle(int val, String optarg, boolean remote) {
        calls.add(val + "|" + optarg + "|" + remote);
        return rc;
    }

    /** An option named {@code name} with arginfo "arg", usage "use <name>", val 7 and this callback. */
    SpankOption option(String name, SpankOption.Arg hasArg) {
        return new SpankOption(name, "arg", "use " + name, hasArg, 7, this);
    }
}
