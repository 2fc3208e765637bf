import { createContext, useCallback, useContext, useMemo, useRef, type ReactNode } from "react";

interface VideoCoordinator {
  /** Call when a video starts playing: every other registered video is paused. */
  playing(video: HTMLVideoElement): void;
  register(video: HTMLVideoElement): () => void;
}

const Context = createContext<VideoCoordinator | null>(null);

/** Makes sure only one video plays at a time among its descendants (SPEC §2, product listing). */
export function OneVideoAtATime({ children }: { children: ReactNode }) {
  const videos = useRef(new Set<HTMLVideoElement>());
  const playing = useCallback((current: HTMLVideoElement) => {
    for (const video of videos.current) if (video !== current && !video.paused) video.pause();
  }, []);
  const register = useCallback((video: HTMLVideoElement) => {
    videos.current.add(video);
    return () => void videos.current.delete(video);
  }, []);
  const value = useMemo(() => ({ playing, register }), [playing, register]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useVideoCoordinator() {
  return useContext(Context);
}
