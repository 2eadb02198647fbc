package io.plugstack.runtime.spank.isolation;

import java.util.List;

/**
 * One {@code <component>} of a Declarative Services descriptor, as far as choosing the class to
 * instantiate in a fresh space needs it.
 *
 * @param name the component name (defaults to the implementation class, as in DS 1.1+)
 * @param implementationClass {@code <implementation class="…">}
 * @param provides the {@code <service><provide interface="…">} names
 * @param enabled {@code enabled} (default true): a disabled component has no long-lived instance either
 * @param factory whether it is a factory component ({@code factory="…"}): it registers a ComponentFactory,
 *        not the service
 * @param references how many {@code <reference>} elements it has: a fresh instance made with the no-arg
 *        constructor gets none of them injected (nor an activate call)
 */
public record DsComponent(String name, String implementationClass, List<String> provides, boolean enabled,
        boolean factory, int references) {

    public DsComponent {
        provides = List.copyOf(provides);
    }

    /** Enabled, not a factory, and registers {@code serviceInterface}. */
    public boolean providesService(String serviceInterface) {
        return enabled && !factory && provides.contains(serviceInterface);
    }
}
