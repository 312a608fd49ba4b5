// "How to get there": hand the destination to the phone's own maps. geo: opens the default
// maps app on Android; Apple Maps links open the app on iPhone; Google and Yandex work
// everywhere (Yandex is the one drivers in most of our countries use).
export type DirectionLinks = { geo: string; google: string; apple: string; yandex: string };

export function directionLinks({ lat, lng, name }: { lat: number; lng: number; name: string }): DirectionLinks {
  const point = `${lat.toFixed(6)},${lng.toFixed(6)}`;
  const label = encodeURIComponent(name);
  return {
    geo: `geo:${point}?q=${point}(${label})`,
    google: `https://www.google.com/maps/dir/?api=1&destination=${point}`,
    apple: `https://maps.apple.com/?daddr=${point}&q=${label}`,
    yandex: `https://yandex.ru/maps/?rtext=~${point}&rtt=auto`,
  };
}
