/*
 * A JVMTI agent that records the dynamic call graph of a run at method granularity: at each method
 * entry, the pair (calling method, called method) from the top two frames of the thread's stack.
 * A reflective call's target is attributed to the method that called Method.invoke or
 * newInstance. At VM death it writes one line per distinct pair, "caller-class caller-name caller-desc ->
 * callee-class callee-name callee-desc" (class names in JVM form, e.g. Ljava/lang/String;), to the
 * file given as the agent's option (default edges.txt). Used by bench/recall.sh (EDGES=1) for the
 * thesis' precision guard (static call edges against dynamic ones) and the missed dynamic edges.
 *
 * Build: gcc -shared -fPIC -O2 -I$JAVA_HOME/include -I$JAVA_HOME/include/linux edges.c -o libedges.so
 * Run:   java -agentpath:/path/libedges.so=out.txt ...
 * MethodEntry events keep every method interpreted; runs take a few times longer than -Xint alone.
 */
#include <jvmti.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static jvmtiEnv *jvmti;
static jrawMonitorID lock;
static char out_path[4096] = "edges.txt";

typedef struct { jmethodID caller, callee; } Edge;
static Edge *table;
static size_t capacity = 1 << 20, count;

static size_t slot(jmethodID a, jmethodID b, size_t cap) {
    uint64_t h = (uint64_t) (uintptr_t) a * 0x9E3779B97F4A7C15ULL ^ (uint64_t) (uintptr_t) b * 0xC2B2AE3D27D4EB4FULL;
    return (size_t) (h ^ (h >> 29)) & (cap - 1);
}

static void put(Edge *t, size_t cap, jmethodID a, jmethodID b, int *added) {
    size_t i = slot(a, b, cap);
    while (t[i].callee != NULL) {
        if (t[i].caller == a && t[i].callee == b) {
            return;
        }
        i = (i + 1) & (cap - 1);
    }
    t[i].caller = a;
    t[i].callee = b;
    *added = 1;
}

static void record(jmethodID caller, jmethodID callee) {
    int added = 0;
    if (count * 2 >= capacity) {
        size_t cap = capacity * 2;
        Edge *t = calloc(cap, sizeof(Edge));
        for (size_t i = 0; i < capacity; i++) {
            if (table[i].callee != NULL) {
                int ignored = 0;
                put(t, cap, table[i].caller, table[i].callee, &ignored);
            }
        }
        free(table);
        table = t;
        capacity = cap;
    }
    put(table, capacity, caller, callee, &added);
    if (added) {
        count++;
    }
}

/* Whether a frame belongs to the JDK's reflection machinery (Method.invoke, Constructor.newInstance, ...). */
static int reflective(jvmtiEnv *env, jmethodID m) {
    jclass owner;
    char *cls = NULL;
    int r = 0;
    if ((*env)->GetMethodDeclaringClass(env, m, &owner) != JVMTI_ERROR_NONE
            || (*env)->GetClassSignature(env, owner, &cls, NULL) != JVMTI_ERROR_NONE) {
        return 0;
    }
    r = strncmp(cls, "Ljdk/internal/reflect/", 22) == 0 || strcmp(cls, "Ljava/lang/reflect/Method;") == 0
            || strcmp(cls, "Ljava/lang/reflect/Constructor;") == 0 || strcmp(cls, "Ljava/lang/Class;") == 0;
    (*env)->Deallocate(env, (unsigned char *) cls);
    return r;
}

static void JNICALL on_entry(jvmtiEnv *env, JNIEnv *jni, jthread thread, jmethodID method) {
    jvmtiFrameInfo frames[12];
    jint n = 0;
    jboolean native = JNI_FALSE;
    if ((*env)->GetStackTrace(env, thread, 0, 2, frames, &n) != JVMTI_ERROR_NONE || n < 2) {
        return;
    }
    jmethodID caller = frames[1].method;
    /* A reflective call reaches its target from a native accessor (NativeMethodAccessorImpl.invoke0,
       NativeConstructorAccessorImpl.newInstance0): the caller is the first frame above the machinery,
       as the static analysis, which models Method.invoke and newInstance as calls, has it. */
    if ((*env)->IsMethodNative(env, caller, &native) == JVMTI_ERROR_NONE && native && reflective(env, caller)
            && (*env)->GetStackTrace(env, thread, 0, 12, frames, &n) == JVMTI_ERROR_NONE) {
        jint i = 2;
        while (i < n && reflective(env, frames[i].method)) {
            i++;
        }
        if (i < n) {
            caller = frames[i].method;
        }
    }
    (*env)->RawMonitorEnter(env, lock);
    record(caller, method);
    (*env)->RawMonitorExit(env, lock);
}

static int describe(jmethodID m, FILE *f) {
    jclass owner;
    char *cls = NULL, *name = NULL, *desc = NULL;
    if ((*jvmti)->GetMethodDeclaringClass(jvmti, m, &owner) != JVMTI_ERROR_NONE
            || (*jvmti)->GetClassSignature(jvmti, owner, &cls, NULL) != JVMTI_ERROR_NONE
            || (*jvmti)->GetMethodName(jvmti, m, &name, &desc, NULL) != JVMTI_ERROR_NONE) {
        return 0;
    }
    fprintf(f, "%s %s %s", cls, name, desc);
    (*jvmti)->Deallocate(jvmti, (unsigned char *) cls);
    (*jvmti)->Deallocate(jvmti, (unsigned char *) name);
    (*jvmti)->Deallocate(jvmti, (unsigned char *) desc);
    return 1;
}

static void JNICALL on_death(jvmtiEnv *env, JNIEnv *jni) {
    (*env)->SetEventNotificationMode(env, JVMTI_DISABLE, JVMTI_EVENT_METHOD_ENTRY, NULL);
    (*env)->RawMonitorEnter(env, lock);
    FILE *f = fopen(out_path, "w");
    if (f == NULL) {
        fprintf(stderr, "edges agent: cannot write %s\n", out_path);
    } else {
        for (size_t i = 0; i < capacity; i++) {
            if (table[i].callee != NULL && describe(table[i].caller, f)) {
                fputs(" -> ", f);
                if (!describe(table[i].callee, f)) {
                    fputs("?", f);
                }
                fputc('\n', f);
            }
        }
        fclose(f);
    }
    (*env)->RawMonitorExit(env, lock);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    if ((*vm)->GetEnv(vm, (void **) &jvmti, JVMTI_VERSION_1_2) != JNI_OK) {
        return JNI_ERR;
    }
    if (options != NULL && options[0] != '\0') {
        strncpy(out_path, options, sizeof out_path - 1);
    }
    table = calloc(capacity, sizeof(Edge));
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_method_entry_events = 1;
    if ((*jvmti)->AddCapabilities(jvmti, &caps) != JVMTI_ERROR_NONE) {
        return JNI_ERR;
    }
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.MethodEntry = on_entry;
    cb.VMDeath = on_death;
    (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb);
    (*jvmti)->CreateRawMonitor(jvmti, "edges", &lock);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_METHOD_ENTRY, NULL);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_DEATH, NULL);
    return JNI_OK;
}
