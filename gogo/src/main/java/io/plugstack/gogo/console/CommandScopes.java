package io.plugstack.gogo.console;

import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.CommandSessionListener;
import org.osgi.service.component.annotations.Component;

/**
 * The order in which Gogo looks for a command typed without its scope (its SCOPE variable), given
 * to every session: the console's, the node daemon's admin socket's, a test's. Without it Gogo tries
 * the scopes in a hash map's order, so a bare {@code install} could run {@code feature:install}
 * instead of Felix's bundle install; here Felix's and Gogo's own come first, then ours, and the
 * feature scope only through the final {@code *}: a bare install or uninstall is Felix's (bundles),
 * feature:install and feature:uninstall are typed in full, as Karaf's are.
 * A SCOPE the admin sets (in etc/gosh_profile, say) is left as it is.
 */
@Component(service = CommandSessionListener.class)
public final class CommandScopes implements CommandSessionListener {

    static final String VARIABLE = "SCOPE";
    static final String PATH = "felix:gogo:plugstack:slurm:log:*";

    @Override
    public void beforeExecute(CommandSession session, CharSequence command) {
        if (session.get(VARIABLE) == null) {
            session.put(VARIABLE, PATH);
        }
    }

    @Override
    public void afterExecute(CommandSession session, CharSequence command, Exception exception) {
    }

    @Override
    public void afterExecute(CommandSession session, CharSequence command, Object result) {
    }
}
