package io.plugstack.testkit.spank;

import java.util.List;
import java.util.Optional;

import io.plugstack.api.spank.Spank;
import io.plugstack.api.spank.SpankError;
import io.plugstack.api.spank.SpankOption;
import io.plugstack.api.spank.SpankPlugin;
import io.plugstack.api.spank.SpankResult;

/**
 * The plugin issue 18's author wrote: {@code --project=NAME}, exported as PROJECT into every task. Its option
 * callback refuses an empty name and names starting with '-'.
 */
public final class ProjectPlugin implements SpankPlugin {

    static final SpankOption PROJECT = new SpankOption("project", "name", "charge the job to project NAME",
            SpankOption.Arg.REQUIRED, 0, (val, optarg, remote) -> optarg == null || optarg.isEmpty() || optarg.startsWith("-") ? -1 : 0);

    @Override
    public int spankInit(Spank spank, List<String> args) {
        return spank.optionRegister(PROJECT) == SpankError.SUCCESS ? 0 : -1;
    }

    @Override
    public int taskInit(Spank spank, List<String> args) {
        SpankResult<Optional<String>> project = spank.optionGetopt(PROJECT);
        if (project.isSuccess() && project.value().isPresent()) {
            return spank.setenv("PROJECT", project.value().get(), true) == SpankError.SUCCESS ? 0 : -1;
        }
        return 0;
    }
}
