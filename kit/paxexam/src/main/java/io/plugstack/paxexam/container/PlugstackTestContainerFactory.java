package io.plugstack.paxexam.container;

import org.ops4j.pax.exam.ExamSystem;
import org.ops4j.pax.exam.TestContainer;
import org.ops4j.pax.exam.TestContainerFactory;

/**
 * Pax Exam's test container for Plugstack, found through META-INF/services (the only TestContainerFactory
 * on an author's test class path: do not add pax-exam-container-native next to it). One container per
 * configuration; with {@code @ExamReactorStrategy(PerClass.class)} one runtime per test class.
 */
public final class PlugstackTestContainerFactory implements TestContainerFactory {

    @Override
    public TestContainer[] create(ExamSystem system) {
        return new TestContainer[] {new PlugstackTestContainer(system)};
    }
}
