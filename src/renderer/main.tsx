import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BridgeContext } from './bridge/context.js';
import { pickBridge } from './bridge/pick.js';
import { App } from './App.js';
import './styles.css';

let setLink: (up: boolean) => void = () => undefined;
let linkState: boolean | null = null;
const bridge = pickBridge((up) => { linkState = up; setLink(up); });

function Root() {
  const [up, setUp] = useState<boolean | null>(linkState);
  useEffect(() => { setLink = setUp; setUp(linkState); }, []);
  return (
    <BridgeContext.Provider value={bridge}>
      <App linkUp={up} />
    </BridgeContext.Provider>
  );
}

createRoot(document.getElementById('root')!).render(<StrictMode><Root /></StrictMode>);
